import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { meetingAttendance, meetingMessages, meetings, spaces, users } from '../../db/schema';
import { insertWrittenContent } from '../contents/add-written-content';
import { meetingSummaryNote } from './meeting-summary-note';
import { openAttendanceCondition } from './open-attendance';

/**
 * When a space meeting has emptied (no stay going on, as the database sees
 * it across every API node), saves its run into the space as a note: the
 * attendance and the chat since the meeting was last summarized. The
 * meeting row is claimed by one UPDATE, so of two nodes seeing the last
 * people leave at once only one writes. Answers the note's id, or null when
 * there is nothing to save (people still in it, no space, summarized already).
 */
export async function summarizeMeeting(opts: { db: Database; meetingId: string; goneAfterMs: number }): Promise<string | null> {
  const { meetingId } = opts;
  return opts.db.transaction(async (tx) => {
    // A run is summarized once: a join after the last summary starts the next one.
    const { rows: [claimed] } = await tx.execute<{ previous: string | null; hub_id: string; space_id: string; created_by: string | null }>(sql`
      update ${meetings} as m
         set summarized_at = now()
        from (select ${meetings.summarizedAt} as previous from ${meetings} where ${meetings.id} = ${meetingId}) as before
       where m.id = ${meetingId}
         and exists (select 1 from ${spaces} where ${spaces.id} = m.space_id and ${spaces.hubId} = m.organization_id and ${spaces.archivedAt} is null)
         and coalesce(m.summarized_at, '-infinity') < (
               select max(${meetingAttendance.joinedAt}) from ${meetingAttendance} where ${meetingAttendance.meetingId} = ${meetingId})
         and not exists (
               select 1 from ${meetingAttendance} where ${meetingAttendance.meetingId} = ${meetingId} and ${openAttendanceCondition(opts.goneAfterMs)})
      returning before.previous, m.organization_id as hub_id, m.space_id, m.created_by`);
    if (!claimed) return null;
    const hubId = claimed.hub_id;
    // Raw SQL answers timestamps as text.
    const previous = claimed.previous === null ? null : new Date(claimed.previous);
    const since = (column: typeof meetingAttendance.joinedAt | typeof meetingMessages.createdAt) =>
      previous ? gt(column, previous) : undefined;

    const stays = await tx
      .select({ userId: users.id, name: users.name, joinedAt: meetingAttendance.joinedAt, leftAt: meetingAttendance.leftAt, seenAt: meetingAttendance.seenAt })
      .from(meetingAttendance)
      .innerJoin(users, eq(users.id, meetingAttendance.userId))
      .where(and(eq(meetingAttendance.hubId, hubId), eq(meetingAttendance.meetingId, meetingId), since(meetingAttendance.joinedAt)))
      .orderBy(asc(meetingAttendance.joinedAt));
    const chat = await tx
      .select({ name: users.name, text: meetingMessages.text, sentAt: meetingMessages.createdAt })
      .from(meetingMessages)
      .innerJoin(users, eq(users.id, meetingMessages.userId))
      .where(and(eq(meetingMessages.hubId, hubId), eq(meetingMessages.meetingId, meetingId), since(meetingMessages.createdAt)))
      .orderBy(asc(meetingMessages.createdAt), asc(meetingMessages.id));
    // A stay whose node died was last seen at seen_at.
    const note = meetingSummaryNote({ stays: stays.map((stay) => ({ ...stay, leftAt: stay.leftAt ?? stay.seenAt })), chat });
    return insertWrittenContent({
      db: tx, hubId, spaceId: claimed.space_id, createdBy: claimed.created_by,
      item: { kind: 'general', source: 'note', name: note.title, body: note.body, details: { characters: note.body.length } },
    });
  });
}

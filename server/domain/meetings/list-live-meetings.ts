import { and, asc, desc, eq, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connect';
import { meetingAttendance, meetings, users } from '../../db/schema';
import type { LiveMeeting } from '../../../lib/contract/home';
import type { SpaceViewer } from '../../policies/spaces';
import { joinableSpaceCondition } from './joinable-space';
import { openAttendanceCondition } from './open-attendance';
import { presentMeeting, selectMeetingViews } from './present-meeting';

const attendees = alias(users, 'meeting_attendees');

interface ListLiveMeetingsOptions {
  db: Database;
  viewer: SpaceViewer;
  /** Only the meetings of this space. */
  spaceId?: string;
  /** When a stay no longer refreshed by its node stops counting (the signalling service's goneAfterMs). */
  goneAfterMs: number;
}

/**
 * The meetings of the viewer's hub with someone in them now, on any API node
 * (their open attendance), that the viewer may join (the rule
 * findJoinableMeeting applies: a space meeting needs its space live and
 * readable to them), newest first, with the people in each.
 */
export async function listLiveMeetings({ db, viewer, spaceId, goneAfterMs }: ListLiveMeetingsOptions): Promise<LiveMeeting[]> {
  const rows = await selectMeetingViews(db, { attendee: { id: attendees.id, name: attendees.name } })
    .innerJoin(meetingAttendance, and(eq(meetingAttendance.hubId, viewer.hubId), eq(meetingAttendance.meetingId, meetings.id)))
    .innerJoin(attendees, eq(attendees.id, meetingAttendance.userId))
    .where(and(
      eq(meetings.hubId, viewer.hubId),
      openAttendanceCondition(goneAfterMs),
      or(isNull(meetings.spaceId), joinableSpaceCondition(viewer)),
      spaceId ? eq(meetings.spaceId, spaceId) : undefined,
    ))
    .orderBy(desc(meetings.createdAt), desc(meetings.id), asc(meetingAttendance.joinedAt));
  const live = new Map<string, LiveMeeting>();
  for (const row of rows) {
    let entry = live.get(row.meeting.id);
    if (!entry) {
      const meeting = presentMeeting(row);
      entry = {
        code: meeting.code, space: meeting.space, started_by: meeting.created_by, started_at: meeting.created_at,
        participant_count: 0, participants: [],
      };
      live.set(meeting.id, entry);
    }
    // One entry per person: someone in a meeting from two tabs is one participant.
    if (entry.participants.some((person) => person.id === row.attendee.id)) continue;
    entry.participants.push({ id: row.attendee.id, name: row.attendee.name });
    entry.participant_count = entry.participants.length;
  }
  return [...live.values()];
}

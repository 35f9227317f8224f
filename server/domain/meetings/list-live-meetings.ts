import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { meetings } from '../../db/schema';
import type { LiveMeeting } from '../../../lib/contract/home';
import type { Participant } from '../../../lib/contract/meetings';
import type { SpaceViewer } from '../../policies/spaces';
import { joinableSpaceCondition } from './joinable-space';
import { presentMeeting, selectMeetingViews } from './present-meeting';

interface ListLiveMeetingsOptions {
  db: Database;
  viewer: SpaceViewer;
  /** Who is in each meeting going on now, by meeting id (the signalling service's liveMeetings). */
  live: ReadonlyMap<string, Participant[]>;
}

/** One entry per person: someone in a meeting from two tabs is one participant. */
function peopleOf(participants: Participant[]) {
  return [...new Map(participants.map(({ user }) => [user.id, { id: user.id, name: user.name }])).values()];
}

/**
 * The meetings of the viewer's hub with someone in them now that the viewer
 * may join (the rule findJoinableMeeting applies: a space meeting needs its
 * space live and readable to them), newest first.
 */
export async function listLiveMeetings({ db, viewer, live }: ListLiveMeetingsOptions): Promise<LiveMeeting[]> {
  const ids = [...live].filter(([, participants]) => participants.length > 0).map(([id]) => id);
  if (ids.length === 0) return [];
  const rows = await selectMeetingViews(db)
    .where(and(eq(meetings.hubId, viewer.hubId), inArray(meetings.id, ids), or(isNull(meetings.spaceId), joinableSpaceCondition(viewer))))
    .orderBy(desc(meetings.createdAt), desc(meetings.id));
  return rows.map((row) => {
    const meeting = presentMeeting(row);
    const participants = peopleOf(live.get(meeting.id) ?? []);
    return {
      code: meeting.code,
      space: meeting.space,
      started_by: meeting.created_by,
      started_at: meeting.created_at,
      participant_count: participants.length,
      participants,
    };
  });
}

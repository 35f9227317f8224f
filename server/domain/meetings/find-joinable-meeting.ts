import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { meetings, memberships, hubs, spaces } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Meeting } from '../../../lib/contract/meetings';
import type { Role } from '../../../lib/contract/settings';
import { assertHubAdmits } from '../two-factor/assert-hub-admits';
import { joinableSpaceCondition } from './joinable-space';
import { presentMeeting, selectMeetingViews } from './present-meeting';

const meetingNotFound = () => notFound('That meeting');

/**
 * The meeting a code names, when this user may join it: a member of its live
 * hub and, for a space meeting, a reader of that live space. Anything else
 * answers 404 exactly like a code that does not exist, so a link passed
 * outside the hub tells nothing about the meeting.
 */
export async function findJoinableMeeting(opts: { db: Database; userId: string; code: string }): Promise<Meeting> {
  const { db, userId } = opts;
  const [row] = await selectMeetingViews(db)
    .innerJoin(memberships, and(eq(memberships.hubId, meetings.hubId), eq(memberships.userId, userId)))
    .where(and(eq(meetings.code, opts.code), isNull(hubs.archivedAt)))
    .limit(1);
  if (!row) throw meetingNotFound();
  const { meeting } = row;
  await assertHubAdmits({ db, hubId: meeting.hubId, userId });
  if (meeting.spaceId) {
    const [role] = await db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.hubId, meeting.hubId), eq(memberships.userId, userId)));
    const viewer = { hubId: meeting.hubId, userId, hubRole: role!.role as Role };
    const [space] = await db
      .select({ one: sql`1` })
      .from(spaces)
      .where(and(eq(spaces.id, meeting.spaceId), joinableSpaceCondition(viewer)))
      .limit(1);
    if (!space) throw meetingNotFound();
  }
  return presentMeeting(row);
}

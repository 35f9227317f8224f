import { eq } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connect';
import { meetings, hubs, spaces, users } from '../../db/schema';
import type { Meeting } from '../../../lib/contract/meetings';

const creators = alias(users, 'meeting_creators');

const meetingViewFields = {
  meeting: meetings,
  organization: { id: hubs.id, name: hubs.name, domainHandle: hubs.domainHandle },
  spaceName: spaces.name,
  creatorName: creators.name,
};

/**
 * Meetings with what the contract shows of their hub, space and creator;
 * callers add the conditions, and any columns of tables they join (`extra`).
 */
export const selectMeetingViews = <Extra extends SelectedFields = Record<never, never>>(db: Database, extra?: Extra) =>
  db
    .select({ ...meetingViewFields, ...(extra as Extra) })
    .from(meetings)
    .innerJoin(hubs, eq(hubs.id, meetings.hubId))
    .leftJoin(spaces, eq(spaces.id, meetings.spaceId))
    .leftJoin(creators, eq(creators.id, meetings.createdBy));

export type MeetingViewRow = Awaited<ReturnType<ReturnType<typeof selectMeetingViews>['execute']>>[number];

export function presentMeeting(row: MeetingViewRow): Meeting {
  const { meeting, organization: hub } = row;
  return {
    id: meeting.id,
    code: meeting.code,
    organization: { id: hub.id, name: hub.name, domain_handle: hub.domainHandle },
    space: meeting.spaceId && row.spaceName !== null ? { id: meeting.spaceId, name: row.spaceName } : null,
    created_by: meeting.createdBy && row.creatorName !== null ? { id: meeting.createdBy, name: row.creatorName } : null,
    created_at: meeting.createdAt.toISOString(),
  };
}

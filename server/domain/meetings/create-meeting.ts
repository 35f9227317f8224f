import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { meetings, spaces } from '../../db/schema';
import { visibleSpacesCondition, type SpaceViewer } from '../../policies/spaces';
import type { Meeting } from '../../../lib/contract/meetings';
import { spaceNotFound } from '../spaces/get-space';
import { isUuid } from '../spaces/is-uuid';
import { spaceOf } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { generateMeetingCode } from './generate-meeting-code';
import { presentMeeting, selectMeetingViews } from './present-meeting';

const isCodeTaken = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * Starts a meeting in the viewer's hub. Any member may; a space meeting
 * needs a live space the viewer can see, and then only its readers may join.
 */
export async function createMeeting(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId?: string | null;
  client: ClientInfo;
}): Promise<Meeting> {
  const { db, viewer } = opts;
  let space: { id: string; name: string } | undefined;
  if (opts.spaceId) {
    const spaceId = opts.spaceId;
    if (!isUuid(spaceId)) throw spaceNotFound();
    [space] = await db
      .select({ id: spaces.id, name: spaces.name })
      .from(spaces)
      .where(and(eq(spaces.id, spaceId), isNull(spaces.archivedAt), visibleSpacesCondition(viewer)))
      .limit(1);
    if (!space) throw spaceNotFound();
  }
  // A clash among 1.4e14 codes is rare; trying again is cheaper than checking first.
  for (let attempt = 0; ; attempt++) {
    try {
      const [meeting] = await db
        .insert(meetings)
        .values({ hubId: viewer.hubId, spaceId: opts.spaceId ?? null, code: generateMeetingCode(), createdBy: viewer.userId })
        .returning({ id: meetings.id });
      // Not in a transaction with the insert: the code is only found to be free by inserting it.
      await recordAuditEvent({
        db, type: 'meeting_started', hubId: viewer.hubId, actorId: viewer.userId, client: opts.client,
        data: { target: { kind: 'meeting', id: meeting!.id }, ...(space ? { space: spaceOf(space) } : {}) },
      });
      const [row] = await selectMeetingViews(db)
        .where(and(eq(meetings.id, meeting!.id), eq(meetings.hubId, viewer.hubId)))
        .limit(1);
      return presentMeeting(row!);
    } catch (error) {
      if (attempt >= 4 || !isCodeTaken(error)) throw error;
    }
  }
}

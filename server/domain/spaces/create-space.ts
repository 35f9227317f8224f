import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { spaceMemberships, spaces } from '../../db/schema';
import type { Space } from '../../../lib/contract/spaces';
import type { SpaceVisibility } from '../../../lib/contract/settings';
import type { SpaceViewer } from '../../policies/spaces';
import type { HubRow } from '../../types';
import { spaceTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { assertSpaceCapacity } from '../billing/assert-space-capacity';
import { getSpace } from './get-space';

/** Creates a space in the viewer's hub (its endpoint requires create_space); the creator becomes its owner. */
export async function createSpace(opts: {
  db: Database;
  config: Config;
  viewer: SpaceViewer;
  organization: HubRow;
  body: { name: string; description?: string; visibility: SpaceVisibility };
  client: ClientInfo;
}): Promise<Space> {
  const { db, viewer, body } = opts;
  const spaceId = await db.transaction(async (tx) => {
    await assertSpaceCapacity({ db: tx, config: opts.config, organization: opts.organization, caller: viewer });
    const [space] = await tx
      .insert(spaces)
      .values({
        hubId: viewer.hubId,
        name: body.name,
        description: body.description ?? null,
        visibility: body.visibility,
        createdBy: viewer.userId,
      })
      .returning({ id: spaces.id, name: spaces.name });
    await tx
      .insert(spaceMemberships)
      .values({ spaceId: space!.id, userId: viewer.userId, hubId: viewer.hubId, role: 'owner' });
    await recordAuditEvent({
      db: tx, type: 'space_created', hubId: viewer.hubId, actorId: viewer.userId, client: opts.client,
      data: { target: spaceTarget(space!), visibility: body.visibility },
    });
    return space!.id;
  });
  return getSpace({ db, viewer, spaceId });
}

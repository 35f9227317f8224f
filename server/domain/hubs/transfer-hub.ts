import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships } from '../../db/schema';
import type { MyHub } from '../../../lib/contract/hubs';
import { fieldError } from '../../lib/errors';
import type { HubContext, UserRow } from '../../types';
import { hubTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { findMember } from '../members/find-member';
import { countMembers, presentMembership } from './present-hub';

/**
 * Hands the hub to another member: they become an owner and the caller an
 * editor, in one transaction so the hub is never without an owner (its
 * endpoint requires transfer).
 * Returns the hub as the caller now sees it.
 */
export async function transferHub(opts: {
  db: Database;
  user: UserRow;
  hub: HubContext;
  userId: string;
  client: ClientInfo;
}): Promise<MyHub> {
  const { organization: hub } = opts.hub;
  if (opts.userId === opts.user.id) throw fieldError('user_id', 'Choose another member to hand the hub to');
  return opts.db.transaction(async (tx) => {
    const target = await findMember({ db: tx, hubId: hub.id, userId: opts.userId });
    const setRole = (userId: string, role: 'owner' | 'editor') =>
      tx.update(memberships).set({ role }).where(and(eq(memberships.hubId, hub.id), eq(memberships.userId, userId)));
    await setRole(target.userId, 'owner');
    await setRole(opts.user.id, 'editor');
    await recordAuditEvent({
      db: tx, type: 'hub_transferred', hubId: hub.id, actorId: opts.user.id, subjectId: target.userId, client: opts.client,
      data: { target: hubTarget(hub), from: { id: opts.user.id, name: opts.user.name }, to: { id: target.userId, name: target.name } },
    });
    return presentMembership({ organization: hub, role: 'editor', memberCount: await countMembers({ db: tx, hubId: hub.id }) });
  });
}

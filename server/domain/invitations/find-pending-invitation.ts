import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations } from '../../db/schema';
import type { Role } from '../../../lib/contract/settings';
import { notFound } from '../../lib/errors';
import { authorizeHubGrant } from '../../policies/hubs';
import type { HubContext } from '../../types';
import { isId } from '../members/resolve-path-hub';
import { pendingHubInvitationOf } from './pending-invitation';

/**
 * A pending invitation of the hub, locked for the caller's transaction, that
 * the caller may manage (owner invitations are the owners'). Other hubs'
 * invitations, and ones no longer pending, answer 404.
 */
export async function findPendingInvitation(opts: { db: Database; hub: HubContext; id: string }) {
  if (!isId(opts.id)) throw notFound('That invitation');
  const [row] = await opts.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, opts.id), pendingHubInvitationOf(opts.hub.organization.id)))
    .limit(1)
    .for('update');
  if (!row) throw notFound('That invitation');
  authorizeHubGrant(opts.hub.role, row.role as Role);
  return row;
}

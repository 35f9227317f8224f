import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations } from '../../db/schema';
import type { Role } from '../../../lib/contract/settings';
import { notFound } from '../../lib/errors';
import { authorizeSpaceInvitation, type SpaceViewer } from '../../policies/spaces';
import { isId } from '../members/resolve-path-hub';
import { findVisibleSpace } from '../spaces/find-visible-space';
import { pendingSpaceInvitationOf } from './pending-invitation';

/**
 * A pending invitation of a space the viewer can see, locked for the
 * caller's transaction, that the viewer may manage (owner invitations are
 * the owners'). Other spaces' invitations, and ones no longer pending,
 * answer 404.
 */
export async function findPendingSpaceInvitation(opts: { db: Database; viewer: SpaceViewer; spaceId: string; id: string }) {
  const access = await findVisibleSpace({ db: opts.db, viewer: opts.viewer, spaceId: opts.spaceId });
  authorizeSpaceInvitation(access);
  const [row] = isId(opts.id)
    ? await opts.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, opts.id), pendingSpaceInvitationOf(access.space)))
      .limit(1)
      .for('update')
    : [];
  if (!row) throw notFound('That invitation');
  authorizeSpaceInvitation(access, row.role as Role);
  return { access, invitation: row };
}

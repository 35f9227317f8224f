import type { Database } from '../../db/connect';
import type { PageQuery } from '../../../lib/contract/envelope';
import type { Invitation } from '../../../lib/contract/invitations';
import { authorizeSpaceInvitation, type SpaceViewer } from '../../policies/spaces';
import { findVisibleSpace } from '../spaces/find-visible-space';
import { pendingSpaceInvitationOf } from './pending-invitation';
import { selectInvitationsPage } from './select-invitations-page';
import { spaceInvitationCaller } from './present-invitation';

/**
 * One page of a space's pending invitations, newest first, for whoever could
 * have sent them: archived and private spaces' too, which can still be revoked.
 */
export async function listSpaceInvitationsPage(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  page: PageQuery;
}): Promise<{ items: Invitation[]; count: number }> {
  const access = await findVisibleSpace({ db: opts.db, viewer: opts.viewer, spaceId: opts.spaceId });
  authorizeSpaceInvitation(access);
  return selectInvitationsPage({
    db: opts.db, where: pendingSpaceInvitationOf(access.space), page: opts.page, caller: spaceInvitationCaller(access),
  });
}

import type { Database } from '../../db/connect';
import type { PageQuery } from '../../../lib/contract/envelope';
import type { Invitation } from '../../../lib/contract/invitations';
import type { HubContext } from '../../types';
import { pendingHubInvitationOf } from './pending-invitation';
import { selectInvitationsPage } from './select-invitations-page';
import { hubInvitationCaller } from './present-invitation';

/** One page of the hub's pending invitations, newest first; for those who may invite (its endpoint requires invite). */
export async function listInvitationsPage(opts: {
  db: Database;
  hub: HubContext;
  page: PageQuery;
}): Promise<{ items: Invitation[]; count: number }> {
  return selectInvitationsPage({
    db: opts.db, where: pendingHubInvitationOf(opts.hub.organization.id), page: opts.page, caller: hubInvitationCaller(opts.hub),
  });
}

import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Invitation } from '../../../lib/contract/invitations';
import type { Mailer } from '../../mail/mailer';
import type { HubContext, UserRow } from '../../types';
import type { ClientInfo } from '../sessions/create-session';
import { findPendingInvitation } from './find-pending-invitation';
import { reissueInvitation } from './reissue-invitation';
import { hubInvitationCaller } from './present-invitation';

/** Sends a pending hub invitation again with a new link (at most 3 emails per 10 minutes). */
export async function resendInvitation(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  hub: HubContext;
  user: UserRow;
  id: string;
  client: ClientInfo;
}): Promise<Invitation> {
  return reissueInvitation({
    db: opts.db, config: opts.config, mailer: opts.mailer, sender: opts.user, hubName: opts.hub.organization.name, client: opts.client,
    find: async (tx) => ({
      invitation: await findPendingInvitation({ db: tx, hub: opts.hub, id: opts.id }), caller: hubInvitationCaller(opts.hub),
    }),
  });
}

import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Invitation } from '../../../lib/contract/invitations';
import type { Mailer } from '../../mail/mailer';
import { assertNotArchived, assertOpenToMembers, type SpaceViewer } from '../../policies/spaces';
import type { HubRow, UserRow } from '../../types';
import type { ClientInfo } from '../sessions/create-session';
import { findPendingSpaceInvitation } from './find-pending-space-invitation';
import { reissueInvitation } from './reissue-invitation';
import { spaceInvitationCaller } from './present-invitation';

/** Sends a pending space invitation again with a new link (at most 3 emails per 10 minutes). */
export async function resendSpaceInvitation(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  viewer: SpaceViewer;
  organization: HubRow;
  user: UserRow;
  spaceId: string;
  id: string;
  client: ClientInfo;
}): Promise<Invitation> {
  return reissueInvitation({
    db: opts.db, config: opts.config, mailer: opts.mailer, sender: opts.user, hubName: opts.organization.name, client: opts.client,
    find: async (tx) => {
      const { access, invitation } = await findPendingSpaceInvitation({ db: tx, viewer: opts.viewer, spaceId: opts.spaceId, id: opts.id });
      assertNotArchived(access.space);
      assertOpenToMembers(access.space);
      return { invitation, spaceName: access.space.name, caller: spaceInvitationCaller(access) };
    },
  });
}

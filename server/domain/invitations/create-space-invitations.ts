import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { spaceMemberships, users } from '../../db/schema';
import type { InviteResult } from '../../../lib/contract/invitations';
import type { Role } from '../../../lib/contract/settings';
import type { Mailer } from '../../mail/mailer';
import { authorizeGrantRole, type SpaceViewer } from '../../policies/spaces';
import type { HubRow, UserRow } from '../../types';
import type { ClientInfo } from '../sessions/create-session';
import { findVisibleSpace } from '../spaces/find-visible-space';
import { issueInvitations, mailIssuedInvitations } from './issue-invitations';
import { pendingSpaceInvitationOf } from './pending-invitation';
import { spaceInvitationCaller } from './present-invitation';

/**
 * Invites several addresses into one space with one role (editors and
 * owners of the space; the owner role only from its owners or the hub
 * owner). Members of the space are skipped; the others need not be in the
 * hub yet: accepting makes them hub viewers, and the hub's member limit is
 * checked then. Archived spaces refuse (422), private ones too (422).
 */
export async function createSpaceInvitations(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  viewer: SpaceViewer;
  organization: HubRow;
  inviter: UserRow;
  spaceId: string;
  emails: string[];
  role: Role;
  client: ClientInfo;
}): Promise<InviteResult[]> {
  const { viewer, role } = opts;
  const { issued, spaceName, caller } = await opts.db.transaction(async (tx) => {
    const access = await findVisibleSpace({ db: tx, viewer, spaceId: opts.spaceId, ability: 'invite' });
    authorizeGrantRole(access, viewer, role, 'invite');
    const members = new Set(
      (await tx
        .select({ email: users.email })
        .from(spaceMemberships)
        .innerJoin(users, eq(users.id, spaceMemberships.userId))
        .where(and(eq(spaceMemberships.spaceId, access.space.id), inArray(users.email, opts.emails))))
        .map((r) => r.email),
    );
    return {
      spaceName: access.space.name,
      caller: spaceInvitationCaller(access),
      issued: await issueInvitations({
        db: tx, hubId: viewer.hubId, spaceId: access.space.id, spaceName: access.space.name, emails: opts.emails, role,
        inviter: opts.inviter, members, pendingWhere: pendingSpaceInvitationOf(access.space), client: opts.client,
      }),
    };
  });
  return mailIssuedInvitations({
    db: opts.db, config: opts.config, mailer: opts.mailer, issued, inviter: opts.inviter, role,
    hubName: opts.organization.name, spaceName, caller,
  });
}

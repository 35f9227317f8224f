import type { Config } from '../../config';
import type { Mailer } from '../../mail/mailer';
import { INVITATION_TTL_DAYS } from '../../../lib/contract/invitations';
import { invitationJoinPath } from '../../../lib/contract/hubs';
import { invitationMail } from '../../mail/templates';

/** The invitation email: who invites, to which hub (or space of it), with what role, and the single-use link. */
export async function sendInvitationEmail(opts: {
  config: Config;
  mailer: Mailer;
  email: string;
  token: string;
  hubName: string;
  /** Set for an invitation into one space of the hub. */
  spaceName?: string;
  inviterName: string;
  role: string;
}): Promise<void> {
  const link = `${opts.config.appUrl}${invitationJoinPath(opts.token)}`;
  await opts.mailer.send(invitationMail({
    to: opts.email,
    link,
    days: INVITATION_TTL_DAYS,
    hubName: opts.hubName,
    spaceName: opts.spaceName,
    inviterName: opts.inviterName,
    role: opts.role,
  }));
}

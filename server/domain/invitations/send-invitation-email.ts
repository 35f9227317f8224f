import type { Config } from '../../config';
import type { Mailer } from '../../mail/mailer';
import { INVITATION_TTL_DAYS } from '../../../lib/contract/invitations';
import { invitationJoinPath } from '../../../lib/contract/hubs';
import { escapeHtml } from '../../mail/escape-html';

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
  const days = INVITATION_TTL_DAYS;
  const { spaceName, hubName } = opts;
  const where = spaceName === undefined ? `the hub "${hubName}"` : `the space "${spaceName}" in the hub "${hubName}"`;
  const whereHtml = spaceName === undefined
    ? `the hub <strong>${escapeHtml(hubName)}</strong>`
    : `the space <strong>${escapeHtml(spaceName)}</strong> in the hub <strong>${escapeHtml(hubName)}</strong>`;
  await opts.mailer.send({
    to: opts.email,
    subject: `${opts.inviterName} invited you to ${spaceName === undefined ? hubName : `${spaceName} in ${hubName}`} on Convene`,
    text: `${opts.inviterName} invited you to join ${where} on Convene as ${opts.role}.\n\nTo accept, open this link within ${days} days (it works once):\n${link}\n\nIf you do not have a Convene account yet, you can create one from the link with this email address.\n`,
    html: `<p>${escapeHtml(opts.inviterName)} invited you to join ${whereHtml} on Convene as ${escapeHtml(opts.role)}.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a> (the link works once, within ${days} days).</p><p>If you do not have a Convene account yet, you can create one from the link with this email address.</p>`,
  });
}

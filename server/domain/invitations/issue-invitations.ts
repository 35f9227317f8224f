import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { invitationSends, invitations } from '../../db/schema';
import { INVITATION_SENDS_PER_WINDOW, type InviteResult } from '../../../lib/contract/invitations';
import type { Role } from '../../../lib/contract/settings';
import type { Mailer } from '../../mail/mailer';
import type { UserRow } from '../../types';
import { invitationData } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { countRecentSends } from './count-recent-sends';
import { deliverInvitation } from './deliver-invitation';
import { issueInvitationToken } from './invitation-token';
import type { InvitationCaller } from '../../../lib/policies/abilities';
import { presentInvitation } from './present-invitation';

export interface IssuedInvitation {
  email: string;
  outcome: InviteResult['outcome'];
  token?: string;
  sendId?: string;
  row?: typeof invitations.$inferSelect;
}

/**
 * The saving half of inviting several addresses to a hub or to one space of
 * it, inside the caller's transaction: `members` are skipped; a pending
 * invitation (matched by `pendingWhere`) gets a fresh link unless it was sent
 * too often lately, instead of a second invitation. `beforeCreate` sees the
 * addresses that will get a new invitation (the hub checks its plan there).
 * Each invitation issued is recorded in the audit trail.
 */
export async function issueInvitations(opts: {
  db: Database;
  hubId: string;
  spaceId: string | null;
  /** The space's name, for the audit trail, when `spaceId` is set. */
  spaceName?: string;
  emails: string[];
  role: Role;
  inviter: UserRow;
  members: Set<string>;
  pendingWhere: SQL;
  beforeCreate?: (fresh: string[]) => Promise<void>;
  client: ClientInfo;
}): Promise<IssuedInvitation[]> {
  const { db, role, members } = opts;
  const pending = new Map(
    (await db
      .select({ id: invitations.id, email: invitations.email })
      .from(invitations)
      .where(and(opts.pendingWhere, inArray(invitations.email, opts.emails))))
      .map((r) => [r.email, r.id]),
  );
  const sends = await countRecentSends({ db, invitationIds: [...pending.values()] });
  await opts.beforeCreate?.(opts.emails.filter((e) => !members.has(e) && !pending.has(e)));

  const results: IssuedInvitation[] = [];
  for (const email of opts.emails) {
    const pendingId = pending.get(email);
    if (members.has(email)) {
      results.push({ email, outcome: 'already_member' });
    } else if (pendingId && (sends.get(pendingId) ?? 0) >= INVITATION_SENDS_PER_WINDOW) {
      results.push({ email, outcome: 'rate_limited' });
    } else {
      const { token, tokenHash, expiresAt } = issueInvitationToken();
      // A refreshed invitation takes the new role and inviter too: it is this invite that the email describes.
      const [row] = pendingId
        ? await db.update(invitations).set({ tokenHash, expiresAt, role, invitedBy: opts.inviter.id })
          .where(eq(invitations.id, pendingId)).returning()
        : await db.insert(invitations)
          .values({ hubId: opts.hubId, spaceId: opts.spaceId, email, role, tokenHash, expiresAt, invitedBy: opts.inviter.id })
          .returning();
      const [send] = await db.insert(invitationSends).values({ invitationId: row!.id }).returning();
      await recordAuditEvent({
        db, type: 'invitation_sent', hubId: opts.hubId, actorId: opts.inviter.id, client: opts.client,
        data: { ...invitationData(row!, opts.spaceName), ...(pendingId ? { refreshed: true } : {}) },
      });
      results.push({ email, outcome: pendingId ? 'refreshed' : 'invited', token, sendId: send!.id, row: row! });
    }
  }
  return results;
}

/** The mailing half, after the transaction committed: each issued link is emailed; a failed mail is reported, not thrown. */
export async function mailIssuedInvitations(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  issued: IssuedInvitation[];
  inviter: UserRow;
  role: Role;
  hubName: string;
  spaceName?: string;
  caller: InvitationCaller;
}): Promise<InviteResult[]> {
  return Promise.all(opts.issued.map(async ({ email, outcome, token, sendId, row }): Promise<InviteResult> => {
    if (!row || !token || !sendId) return { email, outcome, invitation: null };
    const sent = await deliverInvitation({
      db: opts.db, config: opts.config, mailer: opts.mailer, sendId, email, token,
      hubName: opts.hubName, spaceName: opts.spaceName, inviterName: opts.inviter.name, role: opts.role,
    });
    const invitation = presentInvitation({ ...row, invitedBy: opts.inviter.name, lastSentAt: sent ? new Date() : null }, opts.caller);
    return { email, outcome: sent ? outcome : 'mail_failed', invitation };
  }));
}

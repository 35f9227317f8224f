import { and, count, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { invitations, memberships, hubs, users } from '../../db/schema';
import type { InviteResult } from '../../../lib/contract/invitations';
import type { Role } from '../../../lib/contract/settings';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { authorizeHubGrant } from '../../policies/hubs';
import type { HubContext, UserRow } from '../../types';
import type { ClientInfo } from '../sessions/create-session';
import { getSubscription } from '../billing/get-subscription';
import { planLimitAdvice } from '../billing/plan-limit-advice';
import { countMembers } from '../hubs/present-hub';
import { issueInvitations, mailIssuedInvitations } from './issue-invitations';
import { pendingHubInvitationOf } from './pending-invitation';
import { hubInvitationCaller } from './present-invitation';

/**
 * Invites several addresses to the hub with one role. Members are skipped;
 * a pending invitation gets a fresh link (unless it was sent too often
 * lately) instead of a second invitation; the plan's member limit counts
 * members plus pending invitations. Emails go out after the data is saved.
 */
export async function createInvitations(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  hub: HubContext;
  inviter: UserRow;
  emails: string[];
  role: Role;
  client: ClientInfo;
}): Promise<InviteResult[]> {
  const { hub, role } = opts;
  const hubId = hub.organization.id;
  authorizeHubGrant(hub.role, role);

  const issued = await opts.db.transaction(async (tx) => {
    // Serialises invites and joins of this hub, so the member limit holds under concurrency.
    await tx.select({ id: hubs.id }).from(hubs).where(eq(hubs.id, hubId)).for('update');
    const members = new Set(
      (await tx
        .select({ email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.hubId, hubId), inArray(users.email, opts.emails))))
        .map((r) => r.email),
    );
    return issueInvitations({
      db: tx, hubId, spaceId: null, emails: opts.emails, role, inviter: opts.inviter, members, client: opts.client,
      pendingWhere: pendingHubInvitationOf(hubId),
      beforeCreate: (fresh) => assertInviteCapacity({ db: tx, config: opts.config, hub, inviter: opts.inviter, extra: fresh.length }),
    });
  });
  return mailIssuedInvitations({
    db: opts.db, config: opts.config, mailer: opts.mailer, issued, inviter: opts.inviter, role, hubName: hub.organization.name,
    caller: hubInvitationCaller(hub),
  });
}

/** Refuses (422 plan_limit) invitations that would take members plus pending invitations past the plan's limit. */
async function assertInviteCapacity(opts: { db: Database; config: Config; hub: HubContext; inviter: UserRow; extra: number }): Promise<void> {
  if (opts.extra === 0) return;
  const hubId = opts.hub.organization.id;
  // One after another: `db` is the caller's transaction, one connection that runs one statement at a time.
  const { plan } = await getSubscription({ db: opts.db, organization: opts.hub.organization });
  const members = await countMembers({ db: opts.db, hubId });
  const [pending] = await opts.db.select({ n: count() }).from(invitations).where(pendingHubInvitationOf(hubId));
  const taken = members + (pending?.n ?? 0);
  if (taken + opts.extra > plan.limits.members) {
    const left = Math.max(0, plan.limits.members - taken);
    const advice = await planLimitAdvice({
      db: opts.db, config: opts.config, hubId, plan, caller: { userId: opts.inviter.id, hubRole: opts.hub.role },
    });
    throw new AppError(
      422,
      'plan_limit',
      `This hub's ${plan.name} plan allows ${plan.limits.members} members, counting pending invitations; ${left} more can be invited.${advice ? ` ${advice}` : ''}`,
    );
  }
}

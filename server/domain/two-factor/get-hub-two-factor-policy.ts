import { and, count, eq, not } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, users } from '../../db/schema';
import type { HubContext, UserRow } from '../../types';
import type { HubTwoFactorPolicy } from '../../../lib/contract/two-factor';
import { hasTwoFactor, twoFactorEnabledSql } from './has-two-factor';

/** The hub's two-factor requirement as its owners see it (its endpoint requires update): on or off, and who it keeps out. */
export async function getHubTwoFactorPolicy(opts: { db: Database; hub: HubContext; user: UserRow; required?: boolean }): Promise<HubTwoFactorPolicy> {
  const { db, hub } = opts;
  const [[without], mine] = await Promise.all([
    db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.hubId, hub.organization.id), not(twoFactorEnabledSql))),
    hasTwoFactor({ db, user: opts.user }),
  ]);
  return {
    required: opts.required ?? hub.organization.requireTwoFactor,
    members_without_two_factor: without?.n ?? 0,
    you_have_two_factor: mine,
  };
}

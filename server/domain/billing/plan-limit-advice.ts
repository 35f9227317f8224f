import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import type { Role } from '../../../lib/contract/settings';
import { upgradeAdvice } from '../../../lib/plan-change';
import type { Plan } from '../../../lib/plans';
import { planChangeRights } from '../../../lib/policies/plan-change';
import { findHubOwner } from './find-hub-owner';
import { billingSetupOf } from './payments/payments-provider-for';

/**
 * The end of a plan-limit refusal, written for the member who met it:
 * "Upgrade to Team on the Billing page." for whoever may change the plan,
 * "Ask Lin Chen to upgrade the plan." for the others. Worked out only when
 * refusing, so the usual path costs nothing.
 */
export async function planLimitAdvice(opts: {
  db: Database;
  config: Config;
  hubId: string;
  plan: Plan;
  caller: { userId: string; hubRole: Role };
}): Promise<string> {
  // One after the other: callers pass a transaction, which has a single connection.
  const [caller] = await opts.db.select({ email: users.email }).from(users).where(eq(users.id, opts.caller.userId));
  const owner = await findHubOwner({ db: opts.db, hubId: opts.hubId });
  const rights = planChangeRights({ role: opts.caller.hubRole, email: caller?.email ?? '', setup: billingSetupOf(opts.config) });
  return upgradeAdvice({ plan: opts.plan, rights, owner });
}

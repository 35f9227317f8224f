import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { subscriptions } from '../../db/schema';
import type { Subscription } from '../../../lib/contract/billing';
import { DEFAULT_CURRENCY } from '../../../lib/constants';
import { FREE_PLAN, planFor, type Plan } from '../../../lib/plans';
import type { HubRow } from '../../types';

export interface HubSubscription {
  plan: Plan;
  status: Subscription['status'];
  currency: string;
  startedAt: Date;
}

/**
 * The hub's plan. Every hub is created with a subscription; one that has none
 * (made outside the API) is on the free plan since it was created.
 */
export async function getSubscription(opts: { db: Database; organization: HubRow }): Promise<HubSubscription> {
  const [row] = await opts.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.hubId, opts.organization.id))
    .limit(1);
  if (!row) {
    return { plan: FREE_PLAN, status: 'active', currency: DEFAULT_CURRENCY, startedAt: opts.organization.createdAt };
  }
  return {
    plan: planFor(row.planCode),
    status: row.status as Subscription['status'],
    currency: row.currency,
    startedAt: row.startedAt,
  };
}

import type { Database } from '../../db/connect';
import { subscriptions } from '../../db/schema';
import { DEFAULT_CURRENCY } from '../../../lib/constants';
import { FREE_PLAN } from '../../../lib/plans';

/** Puts a new hub on the free plan. */
export async function startFreeSubscription(opts: { db: Database; hubId: string }): Promise<void> {
  await opts.db
    .insert(subscriptions)
    .values({ hubId: opts.hubId, planCode: FREE_PLAN.code, currency: DEFAULT_CURRENCY });
}

import type { Database } from '../../db/connect';
import type { Subscription } from '../../../lib/contract/subscription';
import type { HubRow } from '../../types';
import { getStorageUsage } from '../contents/get-storage-usage';
import { countMembers } from '../hubs/present-hub';
import { countActiveSpaces } from './count-active-spaces';
import { getSubscription } from './get-subscription';

/** The `wallet/subscription-detail/` view: the hub's plan, its limits and what the hub uses of them. */
export async function getSubscriptionDetail(opts: { db: Database; organization: HubRow }): Promise<Subscription> {
  const hubId = opts.organization.id;
  const [subscription, members, spaces, storageBytes] = await Promise.all([
    getSubscription(opts),
    countMembers({ db: opts.db, hubId }),
    countActiveSpaces({ db: opts.db, hubId }),
    getStorageUsage({ db: opts.db, hubId }),
  ]);
  const { plan } = subscription;
  return {
    plan: { code: plan.code, name: plan.name, price: plan.price, interval: plan.interval },
    status: subscription.status,
    currency: subscription.currency,
    started_at: subscription.startedAt.toISOString(),
    limits: plan.limits,
    usage: { members, spaces, storage_bytes: storageBytes },
  };
}

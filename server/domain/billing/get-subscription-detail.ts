import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Subscription } from '../../../lib/contract/billing';
import { planChangeRights } from '../../../lib/policies/plan-change';
import type { HubContext, UserRow } from '../../types';
import { findHubOwner } from './find-hub-owner';
import { getPlanUsage } from './get-plan-usage';
import { getSubscription } from './get-subscription';
import { billingSetupOf } from './payments/payments-provider-for';

/**
 * The `wallet/subscription-detail/` view: the hub's plan, its limits, what the
 * hub uses of them, and who may change it (the caller's rights among them).
 */
export async function getSubscriptionDetail(opts: { db: Database; config: Config; hub: HubContext; user: UserRow }): Promise<Subscription> {
  const { db, hub } = opts;
  const hubId = hub.organization.id;
  const [subscription, usage, owner] = await Promise.all([
    getSubscription({ db, organization: hub.organization }),
    getPlanUsage({ db, hubId }),
    findHubOwner({ db, hubId }),
  ]);
  const { plan } = subscription;
  return {
    plan: { code: plan.code, name: plan.name, price: plan.price, interval: plan.interval },
    status: subscription.status,
    currency: subscription.currency,
    started_at: subscription.startedAt.toISOString(),
    limits: plan.limits,
    usage,
    owner,
    change: planChangeRights({ role: hub.role, email: opts.user.email, setup: billingSetupOf(opts.config) }),
  };
}

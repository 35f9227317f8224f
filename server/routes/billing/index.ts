import { billingEndpoints } from '../../../lib/contract/billing';
import { changePlan } from '../../domain/billing/change-plan';
import { getSubscriptionDetail } from '../../domain/billing/get-subscription-detail';
import { previewPlanChange } from '../../domain/billing/preview-plan-change';
import { ok } from '../../lib/envelope';
import { authOf, hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';

/** The active hub's plan (the hub named by Org-Handle, else the user's active hub), and moving it to another. */
export default async function billingRoutes(app: App) {
  const { db, config } = app.deps;

  route(app, billingEndpoints.subscription, async (request) =>
    ok(await getSubscriptionDetail({ db, config, hub: hubOf(request), user: authOf(request).user })));

  route(app, billingEndpoints.previewPlanChange, async (request) =>
    ok(await previewPlanChange({ db, organization: hubOf(request).organization, plan: request.query.plan })));

  route(app, billingEndpoints.changePlan, async (request) => {
    const result = await changePlan({
      db, config, hub: hubOf(request), user: authOf(request).user, plan: request.body.plan, client: clientInfoOf(request),
    });
    return ok(result, result.outcome === 'applied' ? `The hub is now on the ${result.subscription.plan.name} plan.` : undefined);
  });
}

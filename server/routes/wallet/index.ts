import { billingEndpoints } from '../../../lib/contract/subscription';
import { getSubscriptionDetail } from '../../domain/billing/get-subscription-detail';
import { ok } from '../../lib/envelope';
import { hubOf, type App } from '../../types';
import { route } from '../endpoint-route';

/** The active hub's plan (the hub named by Org-Handle, else the user's active hub). */
export default async function billingRoutes(app: App) {
  route(app, billingEndpoints.subscription, async (request) =>
    ok(await getSubscriptionDetail({ db: app.deps.db, organization: hubOf(request).organization })),
  { onRequest: app.authenticate });
}

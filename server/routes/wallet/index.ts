import { dataEnvelope } from '../../../lib/contract/envelope';
import { subscriptionSchema } from '../../../lib/contract/subscription';
import { getSubscriptionDetail } from '../../domain/billing/get-subscription-detail';
import { ok } from '../../lib/envelope';
import { hubOf, type App } from '../../types';

/** The active hub's plan (the hub named by Org-Handle, else the user's active hub). */
export default async function walletRoutes(app: App) {
  app.get('/subscription-detail/', {
    onRequest: [app.authenticate, app.requireHub],
    schema: {
      tags: ['wallet'], security: [{ jwt: [] }],
      summary: "The hub's plan, its limits and current usage",
      response: { 200: dataEnvelope(subscriptionSchema) },
    },
  }, async (request) =>
    ok(await getSubscriptionDetail({ db: app.deps.db, organization: hubOf(request).organization })));
}

import type { HttpHandler } from 'msw';
import { basicSettings } from '@/lib/basic-settings';
import { coreEndpoints } from '@/lib/contract/settings';
import { billingEndpoints, planChangeBody, planChangeQuery } from '@/lib/contract/billing';
import { planChangeOf } from '@/lib/plan-change';
import { plans } from '@/lib/plans';
import type { MockDb } from '../state';
import { answer, authenticate, ok, parse, parseBody, requireHub } from './respond';

/**
 * Global settings and the active hub's subscription. A plan change is
 * applied as asked: who may change the plan, and to what the usage fits,
 * are the API's rules (its plan-change.test.ts).
 */
export function coreHandlers(db: MockDb): HttpHandler[] {
  return [
    answer(coreEndpoints.basicSettings, () => ok(basicSettings)),

    answer(billingEndpoints.subscription, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const hub = requireHub(db, request, auth.user);
      return hub.ok ? ok(db.subscriptionOf(hub.organization, auth.user, hub.role)) : hub.response;
    }),

    answer(billingEndpoints.previewPlanChange, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const hub = requireHub(db, request, auth.user);
      if (!hub.ok) return hub.response;
      const query = parse(planChangeQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const from = plans[hub.organization.planCode ?? 'free'];
      return ok(planChangeOf({ from, to: plans[query.data.plan], usage: db.usageOf(hub.organization) }));
    }),

    answer(billingEndpoints.changePlan, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const hub = requireHub(db, request, auth.user);
      if (!hub.ok) return hub.response;
      const body = await parseBody(request, planChangeBody);
      if (!body.ok) return body.response;
      hub.organization.planCode = body.data.plan;
      db.save();
      const subscription = db.subscriptionOf(hub.organization, auth.user, hub.role);
      return ok({ outcome: 'applied', subscription }, { message: `The hub is now on the ${subscription.plan.name} plan.` });
    }),
  ];
}

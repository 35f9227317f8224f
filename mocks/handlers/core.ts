import type { HttpHandler } from 'msw';
import { basicSettings } from '@/lib/basic-settings';
import { coreEndpoints } from '@/lib/contract/settings';
import { billingEndpoints, planChangeBody, planChangeQuery } from '@/lib/contract/subscription';
import { overLimitsSentence, planChangeOf, planChangeRefusal } from '@/lib/plan-change';
import { plans, type PlanCode } from '@/lib/plans';
import type { MockDb, MockHub } from '../state';
import { answer, authenticate, fail, ok, parse, parseBody, requireHub } from './respond';

/** Global settings and the active hub's subscription. */
export function coreHandlers(db: MockDb): HttpHandler[] {
  /** The change to `plan`, or the API's 409 when the hub is on it already. */
  const changeTo = (org: MockHub, plan: PlanCode) => {
    const from = plans[org.planCode ?? 'free'];
    if (from.code === plan) return { ok: false as const, response: fail(409, 'conflict', `The hub is already on the ${from.name} plan.`) };
    return { ok: true as const, change: planChangeOf({ from, to: plans[plan], usage: db.usageOf(org) }) };
  };

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
      const to = changeTo(hub.organization, query.data.plan);
      return to.ok ? ok(to.change) : to.response;
    }),

    answer(billingEndpoints.changePlan, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const hub = requireHub(db, request, auth.user);
      if (!hub.ok) return hub.response;
      const body = await parseBody(request, planChangeBody);
      if (!body.ok) return body.response;
      const current = db.subscriptionOf(hub.organization, auth.user, hub.role);
      if (!current.change.allowed) return fail(403, 'forbidden', planChangeRefusal(current.change, current.owner));
      const to = changeTo(hub.organization, body.data.plan);
      if (!to.ok) return to.response;
      const over = to.change.over_limits;
      if (over.length > 0) {
        return fail(422, 'plan_limit', overLimitsSentence(over), Object.fromEntries(over.map((o) => [o.limit, [o.message]])));
      }
      hub.organization.planCode = body.data.plan;
      db.save();
      const subscription = db.subscriptionOf(hub.organization, auth.user, hub.role);
      return ok({ outcome: 'applied', subscription }, { message: `The hub is now on the ${subscription.plan.name} plan.` });
    }),
  ];
}

import { z } from 'zod';
import { planCodes } from '../plans';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';

export const planLimitsSchema = z.object({
  members: z.number().int(),
  spaces: z.number().int(),
  storage_bytes: z.number().int(),
});
export type PlanLimitName = keyof z.infer<typeof planLimitsSchema>;

/** How plan changes are carried out on this server: at once with no charge ('manual'), or through a payments provider. */
export const paymentsProviderNames = ['manual'] as const;
export type PaymentsProviderName = (typeof paymentsProviderNames)[number];

/**
 * Whether the caller may change the hub's plan, and who may: the hub owner,
 * or (when the server names billing administrators) only those people.
 */
export const planChangeRightsSchema = z.object({
  allowed: z.boolean(),
  by: z.enum(['owner', 'administrator']),
  /** The email addresses of the server's billing administrators; empty when the owner decides. */
  administrators: z.array(z.string()),
  provider: z.enum(paymentsProviderNames),
});
export type PlanChangeRights = z.infer<typeof planChangeRightsSchema>;

const planSchema = z.object({ code: z.string(), name: z.string(), price: z.number(), interval: z.enum(['month', 'year']) });

export const subscriptionSchema = z.object({
  plan: planSchema,
  status: z.enum(['active', 'past_due', 'cancelled']),
  currency: z.string(),
  started_at: z.string(),
  limits: planLimitsSchema,
  usage: planLimitsSchema,
  /** The hub's (longest-standing) owner, whom members ask to change the plan; null for a hub with none. */
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  change: planChangeRightsSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const planCodeSchema = z.enum(planCodes, { error: 'Please choose a plan' });

/** A limit the hub's current usage goes over on the plan it would move to: the change is refused until it fits. */
export const overLimitSchema = z.object({
  limit: z.enum(['members', 'spaces', 'storage_bytes']),
  used: z.number().int(),
  allowed: z.number().int(),
  /** "You have 7 spaces; Free allows 5. Archive 2 spaces first." */
  message: z.string(),
});
export type OverLimit = z.infer<typeof overLimitSchema>;

/** What moving the hub to another plan changes: price and limits before and after, and what does not fit. */
export const planChangeSchema = z.object({
  from: planSchema.extend({ limits: planLimitsSchema }),
  to: planSchema.extend({ limits: planLimitsSchema }),
  direction: z.enum(['upgrade', 'downgrade']),
  usage: planLimitsSchema,
  over_limits: z.array(overLimitSchema),
});
export type PlanChange = z.infer<typeof planChangeSchema>;

/** The change is made at once, or the payments provider takes the payer to its checkout first. */
export const planChangeResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('applied'), subscription: subscriptionSchema }),
  z.object({ outcome: z.literal('redirect'), redirect_url: z.string() }),
]);
export type PlanChangeResult = z.infer<typeof planChangeResultSchema>;

export const planChangeQuery = z.object({ plan: planCodeSchema });
export const planChangeBody = z.object({ plan: planCodeSchema });

/** The active hub's plan (the hub named by Org-Handle, else the user's active hub). */
export const billingEndpoints = {
  subscription: endpoint({
    method: 'GET', path: 'wallet/subscription-detail/', tag: 'wallet', signedIn: true, hub: 'header', summary: "The hub's plan, its limits and current usage",
    response: dataEnvelope(subscriptionSchema), errors: [401, 403, 404],
  }),
  previewPlanChange: endpoint({
    method: 'GET', path: 'wallet/plan-change/', tag: 'wallet', signedIn: true, hub: 'header',
    summary: 'What moving the hub to another plan would change: price, limits, and usage that would not fit',
    query: planChangeQuery, response: dataEnvelope(planChangeSchema), errors: [400, 401, 403, 404, 409],
  }),
  changePlan: endpoint({
    method: 'POST', path: 'wallet/plan-change/', tag: 'wallet', signedIn: true, hub: 'header',
    summary: "Moves the hub to another plan (the owner, or the server's billing administrators); refused while usage would not fit",
    body: planChangeBody, response: dataEnvelope(planChangeResultSchema), errors: [400, 401, 403, 404, 409, 422],
  }),
};

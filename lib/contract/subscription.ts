import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';

export const planLimitsSchema = z.object({
  members: z.number().int(),
  spaces: z.number().int(),
  storage_bytes: z.number().int(),
});

export const subscriptionSchema = z.object({
  plan: z.object({ code: z.string(), name: z.string(), price: z.number(), interval: z.enum(['month', 'year']) }),
  status: z.enum(['active', 'past_due', 'cancelled']),
  currency: z.string(),
  started_at: z.string(),
  limits: planLimitsSchema,
  usage: planLimitsSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The active hub's plan (the hub named by Org-Handle, else the user's active hub). */
export const billingEndpoints = {
  subscription: endpoint({
    method: 'GET', path: 'wallet/subscription-detail/', tag: 'wallet', signedIn: true, hub: 'header', summary: "The hub's plan, its limits and current usage",
    response: dataEnvelope(subscriptionSchema), errors: [401, 403, 404],
  }),
};

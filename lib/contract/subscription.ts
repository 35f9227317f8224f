import { z } from 'zod';

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

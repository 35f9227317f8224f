import type { z } from 'zod';
import type { planLimitsSchema } from './contract/billing';

export type PlanLimits = z.infer<typeof planLimitsSchema>;
export const planCodes = ['free', 'team', 'business'] as const;
export type PlanCode = (typeof planCodes)[number];

export interface Plan {
  code: PlanCode;
  name: string;
  /** Price per hub in whole rupees (INR) per interval. */
  price: number;
  interval: 'month' | 'year';
  description: string;
  limits: PlanLimits;
}

const GiB = 1024 ** 3;

/**
 * The plans a hub can be on. Every new hub starts on `free`; the limits are
 * real: joining a full hub is refused, and later features enforce the rest.
 */
export const plans: Record<PlanCode, Plan> = {
  free: {
    code: 'free',
    name: 'Free',
    price: 0,
    interval: 'month',
    description: 'For small teams getting started.',
    limits: { members: 10, spaces: 5, storage_bytes: 1 * GiB },
  },
  team: {
    code: 'team',
    name: 'Team',
    price: 2499,
    interval: 'month',
    description: 'For growing teams that share a lot of knowledge.',
    limits: { members: 50, spaces: 50, storage_bytes: 100 * GiB },
  },
  business: {
    code: 'business',
    name: 'Business',
    price: 7999,
    interval: 'month',
    description: 'For whole organisations with many departments.',
    limits: { members: 500, spaces: 1000, storage_bytes: 1024 * GiB },
  },
};

export const FREE_PLAN = plans.free;

export function planFor(code: string): Plan {
  const plan = (plans as Record<string, Plan | undefined>)[code];
  if (!plan) throw new Error(`unknown plan code "${code}"`);
  return plan;
}

/** The plan's place in `planCodes`, cheapest first: moving to a higher one is an upgrade. */
export const planRank = (code: PlanCode): number => planCodes.indexOf(code);

/** The next larger plan, or null on the largest: what a hub that outgrew its plan is offered. */
export function planAbove(code: PlanCode): Plan | null {
  const next = planCodes[planRank(code) + 1];
  return next ? plans[next] : null;
}

import type { PaymentsProviderName, PlanChangeRights } from '../contract/billing';
import type { Role } from '../contract/settings';

/** How this server changes plans: its payments provider, and the billing administrators it names (lower-case addresses). */
export interface BillingSetup {
  provider: PaymentsProviderName;
  administrators: readonly string[];
}

/**
 * Who may change a hub's plan. With no billing administrators named, the hub
 * owner does (a fresh server has no dead end); once the operator names some,
 * only they do, in the hubs they are members of.
 */
export function planChangeRights(opts: { role: Role; email: string; setup: BillingSetup }): PlanChangeRights {
  const { administrators, provider } = opts.setup;
  if (administrators.length === 0) return { allowed: opts.role === 'owner', by: 'owner', administrators: [], provider };
  return { allowed: administrators.includes(opts.email.toLowerCase()), by: 'administrator', administrators: [...administrators], provider };
}

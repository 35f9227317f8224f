import type { PaymentsProviderName } from '../../../../lib/contract/billing';
import type { Plan } from '../../../../lib/plans';
import type { HubRow, UserRow } from '../../../types';

/** A change of plan a provider is asked to carry out. */
export interface PlanChangeRequest {
  hub: HubRow;
  from: Plan;
  to: Plan;
  /** Who asked for it (and would pay). */
  payer: UserRow;
}

/**
 * What the provider did: the change may be applied now (with what to keep in
 * the subscription's metadata), or the payer must first finish paying on the
 * provider's page; its webhook then applies the change.
 */
export type PlanChangeStart =
  | { applied: true; metadata: Record<string, unknown> }
  | { applied: false; redirectUrl: string };

/** How plan changes are charged. One is in use per server (see paymentsProviderFor). */
export interface PaymentsProvider {
  name: PaymentsProviderName;
  startChange(request: PlanChangeRequest): Promise<PlanChangeStart>;
  /** Checks a webhook's signature against its raw body; providers that never call back have none. */
  verifyWebhook?(opts: { rawBody: string; signature: string }): boolean;
}

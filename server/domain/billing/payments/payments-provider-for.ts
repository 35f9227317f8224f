import type { Config } from '../../../config';
import type { BillingSetup } from '../../../../lib/policies/plan-change';
import { manualPayments } from './manual-payments';
import type { PaymentsProvider } from './payments-provider';

/** The payments provider this server uses: the manual one until a provider is configured. */
export const paymentsProviderFor = (_config: Config): PaymentsProvider => manualPayments;

/** How this server changes plans, as the plan-change policy reads it. */
export const billingSetupOf = (config: Config): BillingSetup => ({
  provider: paymentsProviderFor(config).name,
  administrators: config.billing.administrators,
});

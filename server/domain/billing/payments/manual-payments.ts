import type { PaymentsProvider } from './payments-provider';

/**
 * The provider of a server with no payments set up: the change applies at
 * once and nothing is charged. Who may ask for it is decided before (see
 * planChangeRights), so a fresh server has no dead end.
 */
export const manualPayments: PaymentsProvider = {
  name: 'manual',
  startChange: async ({ payer }) => ({ applied: true, metadata: { provider: 'manual', changed_by: payer.id } }),
};

import { roleOperations } from '../../lib/basic-settings';
import type { Operation } from '../../lib/contract/settings';
import type { EffectiveRole } from '../../lib/policies/space-role';
import { forbidden } from '../lib/errors';

export { higherRole, type EffectiveRole } from '../../lib/policies/space-role';

export const can = (role: EffectiveRole, operation: Operation): boolean =>
  role !== 'guest' && roleOperations[role].includes(operation);

/** Throws 403 unless the role allows the operation. */
export function authorize(role: EffectiveRole, operation: Operation, message?: string): void {
  if (!can(role, operation)) throw forbidden(message);
}

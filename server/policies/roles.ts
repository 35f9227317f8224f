import { roleOperations } from '../../lib/basic-settings';
import type { Operation, Role } from '../../lib/contract/settings';
import { forbidden } from '../lib/errors';

/** A person's standing in a hub or space; `guest` is a non-member (design §5). */
export type EffectiveRole = Role | 'guest';

const rank: Record<EffectiveRole, number> = { guest: 0, viewer: 1, editor: 2, owner: 3 };

/** The higher of two roles: a space role and a hub role combine this way. */
export const higherRole = (a: EffectiveRole, b: EffectiveRole): EffectiveRole => (rank[a] >= rank[b] ? a : b);

export const atLeast = (role: EffectiveRole, minimum: Role): boolean => rank[role] >= rank[minimum];

export const can = (role: EffectiveRole, operation: Operation): boolean =>
  role !== 'guest' && roleOperations[role].includes(operation);

/** Throws 403 unless the role allows the operation. */
export function authorize(role: EffectiveRole, operation: Operation, message?: string): void {
  if (!can(role, operation)) throw forbidden(message);
}

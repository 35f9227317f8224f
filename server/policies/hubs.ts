import type { Role } from '../../lib/contract/settings';
import { grantableRoles } from '../../lib/policies/abilities';
import { forbidden } from '../lib/errors';
import { authorize, type EffectiveRole } from './roles';

/**
 * Hub settings. Visibility is `change_visibility` (editors and above, design
 * §5). The hub's name, description, colour and auto-join email domain are its
 * identity and decide who may walk in, so they are the owner's, like the
 * other owner operations (archive, transfer, roles).
 */
export function authorizeHubUpdate(role: EffectiveRole, changes: { visibility: boolean; other: boolean }): void {
  // A request that changes nothing still needs the least settings right, so it tells a viewer nothing.
  if (changes.visibility || !changes.other) authorize(role, 'change_visibility');
  if (changes.other) authorize(role, 'manage_roles', 'Only the hub owner can change the hub settings.');
}

/** Editors and above invite; only an owner may hand out the owner role. */
export function authorizeInvite(role: Role, invitedRole: Role): void {
  authorize(role, 'invite');
  if (!grantableRoles(role).includes(invitedRole)) throw forbidden('Only a hub owner can invite another owner.');
}

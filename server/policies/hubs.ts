import type { HubRequirement } from '../../lib/contract/endpoint';
import type { Role } from '../../lib/contract/settings';
import { hubAbilities } from '../../lib/policies/abilities';
import { forbidden } from '../lib/errors';

/** Why a hub ability is refused; the general refusal where none is given. */
const refusals: Partial<Record<HubRequirement, string>> = {
  update: 'Only the hub owner can change the hub settings.',
  manage_members: 'Only a hub owner can manage its members.',
  create_space: 'Only editors and owners of the hub can create spaces.',
  view_audit: 'Only a hub owner can see the audit log.',
  view_unanswered: 'Only a hub owner can see the questions the hub could not answer.',
  transfer: 'Only a hub owner can transfer the hub.',
  archive: 'Only a hub owner can archive the hub.',
  manage_templates: 'Only hub owners and editors change form templates.',
};

/** Throws 403 unless the hub role's abilities (the ones the API sends with the hub) include `ability`. */
export function authorizeInHub(role: Role, ability: HubRequirement): void {
  if (!hubAbilities(role)[ability]) throw forbidden(refusals[ability]);
}

/** Inviting someone into the hub, or managing an invitation, with a role: only owners hand out the owner role. */
export function authorizeHubGrant(role: Role, invitedRole: Role): void {
  if (!hubAbilities(role).grant_roles.includes(invitedRole)) throw forbidden('Only a hub owner can invite another owner.');
}

import { roleOperations } from '../basic-settings';
import type { HubAbilities } from '../contract/organizations';
import type { Operation, Role, SpaceVisibility } from '../contract/settings';
import type { SpaceAbilities } from '../contract/spaces';

/*
 * What a person may do with a space or a hub, worked out once from their role
 * and the thing's state. The server sends these with every space and hub, and
 * the web app shows or hides its actions from them, so both follow the same
 * rules the API enforces (server/policies).
 */

const can = (role: Role, operation: Operation): boolean => roleOperations[role].includes(operation);

export interface SpaceState {
  /** The effective role: the higher of the space role and the hub role. */
  role: Role;
  isMember: boolean;
  archived: boolean;
  visibility: SpaceVisibility;
}

/** An archived space is read-only until restored; a private one admits nobody new. */
export function spaceAbilities({ role, isMember, archived, visibility }: SpaceState): SpaceAbilities {
  const open = !archived;
  return {
    update: open && can(role, 'edit_content'),
    archive: open && can(role, 'archive'),
    restore: archived && can(role, 'archive'),
    // Adding a hub member and inviting by email: both refused for private spaces.
    invite: open && visibility !== 'private' && can(role, 'invite'),
    manage_members: open && can(role, 'manage_roles'),
    add_content: open && can(role, 'add_content'),
    edit_content: open && can(role, 'edit_content'),
    delete_content: open && can(role, 'delete_content'),
    start_meeting: open,
    // Only public ("Everyone") spaces are joined in one click.
    join: open && !isMember && visibility === 'public',
    leave: isMember,
  };
}

export function hubAbilities(role: Role): HubAbilities {
  return {
    // The hub's name, description, colour, email domain and sign-in rules are the owner's.
    update: can(role, 'manage_roles'),
    change_visibility: can(role, 'change_visibility'),
    invite: can(role, 'invite'),
    manage_members: can(role, 'manage_roles'),
    create_space: can(role, 'add_content'),
    view_audit: can(role, 'manage_roles'),
    transfer: can(role, 'transfer_ownership'),
    archive: can(role, 'archive'),
  };
}

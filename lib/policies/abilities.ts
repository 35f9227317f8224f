import { roleOperations } from '../basic-settings';
import type { ContentAbilities, ContentSource } from '../contract/contents';
import type { InvitationAbilities } from '../contract/invitations';
import type { MemberAbilities } from '../contract/members';
import type { HubAbilities } from '../contract/hubs';
import { roles, type Operation, type Role, type SpaceVisibility } from '../contract/settings';
import type { SpaceAbilities } from '../contract/spaces';
import type { Template } from '../contract/templates';

/*
 * What a person may do with a hub, a space, an item, a member or a pending
 * invitation, worked out once from their role and the thing's state. The
 * server sends these with every one of them (search results aside), and
 * the web app shows or hides its actions from them, so both follow the same
 * rules the API enforces (server/policies).
 */

const can = (role: Role, operation: Operation): boolean => roleOperations[role].includes(operation);

/** The roles a person may hand out by inviting or adding someone: inviters give any role but owner, which only owners give. */
export function grantableRoles(role: Role): Role[] {
  if (!can(role, 'invite')) return [];
  return roles.filter((granted) => granted !== 'owner' || can(role, 'manage_roles'));
}

/**
 * Whether taking the owner role from a member (by a role change, removal or
 * leaving) would leave the hub or space with no owner. `ownerCount` counts
 * the place's owners, the member among them.
 */
export const leavesNoOwner = (memberRole: Role, ownerCount: number): boolean => memberRole === 'owner' && ownerCount <= 1;

export interface SpaceState {
  /** The effective role: the higher of the space role and the hub role. */
  role: Role;
  isMember: boolean;
  archived: boolean;
  visibility: SpaceVisibility;
  /** Whether the person created the space: only they may make it private. */
  isCreator: boolean;
}

/** Whether a space takes new members (added or invited by email): not while archived, nor while private. */
export const spaceTakesMembers = ({ archived, visibility }: Pick<SpaceState, 'archived' | 'visibility'>): boolean =>
  !archived && visibility !== 'private';

/**
 * An archived space is read-only until restored; a private one admits nobody new.
 * In an Everyone space one has not joined, the app offers joining before taking
 * part (adding, editing, inviting), whatever the hub role would allow; running
 * the space (archive, manage members) stays with its owners.
 */
export function spaceAbilities({ role, isMember, archived, visibility, isCreator }: SpaceState): SpaceAbilities {
  const open = !archived;
  // Only public ("Everyone") spaces are joined in one click.
  const join = open && !isMember && visibility === 'public';
  const takePart = open && !join;
  const invite = takePart && spaceTakesMembers({ archived, visibility }) && can(role, 'invite');
  return {
    update: takePart && can(role, 'edit_content'),
    make_private: takePart && isCreator && can(role, 'change_visibility'),
    archive: open && can(role, 'archive'),
    restore: archived && can(role, 'archive'),
    invite,
    grant_roles: invite ? grantableRoles(role) : [],
    manage_members: open && can(role, 'manage_roles'),
    add_content: takePart && can(role, 'add_content'),
    edit_content: takePart && can(role, 'edit_content'),
    delete_content: takePart && can(role, 'delete_content'),
    start_meeting: open,
    join,
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
    grant_roles: grantableRoles(role),
    create_space: can(role, 'add_content'),
    view_audit: can(role, 'manage_roles'),
    // What people could not find is a list of content to write, for those who run the hub.
    view_unanswered: can(role, 'manage_roles'),
    transfer: can(role, 'transfer_ownership'),
    archive: can(role, 'archive'),
    manage_templates: can(role, 'edit_content'),
  };
}

/** A form template: hub editors change and archive their hub's own; the built-in one stays as shipped. */
export function templateAbilities(role: Role, builtIn: boolean): Template['abilities'] {
  const manage = !builtIn && hubAbilities(role).manage_templates;
  return { update: manage, archive: manage };
}

/** An item of a space: its name, a note's text and a record table's records follow the space's edit right, deleting its delete right. */
export function contentAbilities(space: Pick<SpaceAbilities, 'edit_content' | 'delete_content'>, source: ContentSource): ContentAbilities {
  return {
    rename: space.edit_content,
    edit: space.edit_content && (source === 'note' || source === 'records'),
    delete: space.delete_content,
  };
}

export interface MemberState {
  /** Whether the caller manages members of the place (the hub's or the space's manage_members). */
  manage: boolean;
  /** The member's role in the place. */
  role: Role;
  /** How many owners the place has, the member included. */
  ownerCount: number;
}

/** What member abilities depend on besides the member. */
export type MemberCaller = Omit<MemberState, 'role'>;

/**
 * One member of a hub or space. Whoever manages members may change anyone's
 * role and remove anyone, themselves included (the API allows it), except
 * that nobody takes the owner role from the place's only owner: a hub or
 * space always keeps one.
 */
export function memberAbilities({ manage, role, ownerCount }: MemberState): MemberAbilities {
  const allowed = manage && !leavesNoOwner(role, ownerCount);
  return { change_role: allowed, remove: allowed };
}

export interface InvitationState {
  /** The caller's role in the hub, or their effective role in the invitation's space. */
  callerRole: Role;
  /** The role the invitation offers. */
  role: Role;
  /** Whether the invitation's place still takes invitations: a hub does, a space as spaceTakesMembers says. */
  open: boolean;
}

/** What invitation abilities depend on besides the invitation. */
export type InvitationCaller = Omit<InvitationState, 'role'>;

/** Whoever could have sent an invitation may send it again or revoke it; resending needs a place that still takes invitations. */
export function invitationAbilities({ callerRole, role, open }: InvitationState): InvitationAbilities {
  const revoke = grantableRoles(callerRole).includes(role);
  return { resend: revoke && open, revoke };
}

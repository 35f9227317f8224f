import { z } from 'zod';
import { optionalText, requiredText, searchField } from '../validation/fields';
import { endpoint } from './endpoint';
import { dataEnvelope, listEnvelope, pageQuery } from './envelope';
import { avatarFields, memberAbilitiesSchema } from './members';
import { roles, spaceVisibilities } from './settings';

/** The specification's second visibility list: public "Everyone", shared "Shared", private "Private". */
const visibilityField = () => z.enum(spaceVisibilities, { error: 'Please choose a visibility' });
const roleField = () => z.enum(roles, { error: 'Please choose a role' });
const nameField = () => requiredText('Space name', { min: 2, max: 80 });
const DESCRIPTION_MAX = 500;

export const createSpaceBody = z.object({
  name: nameField(),
  description: optionalText('Description', { max: DESCRIPTION_MAX }),
  visibility: visibilityField(),
});
export type CreateSpaceBody = z.input<typeof createSpaceBody>;

/**
 * Every field optional; an absent field is left as it is. A blank or null
 * description clears it, so a form that empties the field can send ''.
 */
export const updateSpaceBody = z.object({
  name: nameField().optional(),
  description: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      optionalText('Description', { max: DESCRIPTION_MAX }).nullable(),
    )
    .optional(),
  visibility: visibilityField().optional(),
});
export type UpdateSpaceBody = z.input<typeof updateSpaceBody>;

const booleanFlag = z.enum(['true', 'false']);

export const spaceListQuery = pageQuery.extend({
  /** Matches name or description, case-insensitively; blank means no search. */
  search: searchField(100),
  visibility: z.enum(spaceVisibilities).optional(),
  /** true: only spaces I am a member of. */
  mine: booleanFlag.optional(),
  /** true: only archived spaces (otherwise archived ones are left out). */
  archived: booleanFlag.optional(),
  /**
   * newest (the default): newest first. marks: the caller's starred spaces
   * first (by name), then the ones they opened, last opened first, then the
   * rest by name; the side bar's order.
   */
  order: z.enum(['newest', 'marks']).optional(),
});
export type SpaceListQuery = z.input<typeof spaceListQuery>;
export type SpaceListFilters = Omit<SpaceListQuery, 'page' | 'page_size'>;

/** What the caller may do with the space now, given their role and its state; the web app offers only these. */
export const spaceAbilitiesSchema = z.object({
  update: z.boolean(),
  /** Choose the private visibility: only the space's creator may. */
  make_private: z.boolean(),
  archive: z.boolean(),
  restore: z.boolean(),
  /** Add hub members and invite by email. */
  invite: z.boolean(),
  /** The roles the caller may give when adding or inviting someone now; empty when they may not. */
  grant_roles: z.array(z.enum(roles)),
  /** Change members' roles, remove them, and grant the owner role. */
  manage_members: z.boolean(),
  add_content: z.boolean(),
  edit_content: z.boolean(),
  delete_content: z.boolean(),
  start_meeting: z.boolean(),
  join: z.boolean(),
  leave: z.boolean(),
});
export type SpaceAbilities = z.infer<typeof spaceAbilitiesSchema>;

export const spaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(spaceVisibilities),
  /** null when the creator's account no longer exists. */
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  member_count: z.number().int(),
  /** The caller's effective role: the higher of their space role and hub role (design §5). */
  my_role: z.enum(roles),
  /** The caller's own role in the space, null when not a member. */
  space_role: z.enum(roles).nullable(),
  is_member: z.boolean(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Whether the caller starred the space (their own mark, nobody else sees it). */
  starred: z.boolean(),
  /** When the caller last opened the space before this answer, null if never. */
  visited_at: z.string().nullable(),
  abilities: spaceAbilitiesSchema,
});
export type Space = z.infer<typeof spaceSchema>;

/**
 * A space named in a path. Any string is accepted here: a malformed id
 * answers 404 like a missing space, because to the caller both mean "no such
 * space" and a 400 would hint at the id format only.
 */
export const spaceParams = z.object({ id: z.string() });
const spaceMemberParams = z.object({ id: z.string(), user_id: z.string() });

export const spaceMemberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  ...avatarFields,
  role: z.enum(roles),
  joined_at: z.string(),
  /** Whether they are the space's only owner: nobody may lower their role or let them leave until another member is owner. */
  only_owner: z.boolean(),
  abilities: memberAbilitiesSchema,
});
export type SpaceMember = z.infer<typeof spaceMemberSchema>;

/** A member of the hub who could be added to the space: not in it yet, and not the one adding. */
export const spaceMemberCandidateSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type SpaceMemberCandidate = z.infer<typeof spaceMemberCandidateSchema>;

export const spaceMemberListQuery = pageQuery.extend({
  /** Matches name or email, case-insensitively; blank means no search. */
  search: spaceListQuery.shape.search,
});
export type SpaceMemberListFilters = Omit<z.input<typeof spaceMemberListQuery>, 'page' | 'page_size'>;

/** Adds an existing member of the hub to the space. */
export const addSpaceMemberBody = z.object({
  user_id: z.uuid({ error: 'Please choose a member of the hub' }),
  role: roleField(),
});
export type AddSpaceMemberBody = z.input<typeof addSpaceMemberBody>;

export const updateSpaceMemberBody = z.object({ role: roleField() });
export type UpdateSpaceMemberBody = z.input<typeof updateSpaceMemberBody>;

const space = dataEnvelope(spaceSchema);
const spaceMember = dataEnvelope(spaceMemberSchema);
const tag = 'spaces';

/** Spaces of the caller's hub, and their members. */
export const spaceEndpoints = {
  create: endpoint({
    method: 'POST', path: 'spaces/', tag, signedIn: true, hub: 'header', requires: { hub: 'create_space' }, summary: 'Create a space (the caller becomes its owner)',
    body: createSpaceBody, status: 201, response: space, errors: [400, 401, 403, 404, 422],
  }),
  list: endpoint({
    method: 'GET', path: 'spaces/', tag, signedIn: true, hub: 'header', summary: 'The spaces I can see, newest first, with filters and search',
    query: spaceListQuery, response: listEnvelope(spaceSchema), errors: [400, 401, 404],
  }),
  get: endpoint({
    method: 'GET', path: 'spaces/:id/', tag, signedIn: true, hub: 'header', summary: 'A space I can see',
    params: spaceParams, response: space, errors: [401, 404],
  }),
  update: endpoint({
    method: 'PATCH', path: 'spaces/:id/', tag, signedIn: true, hub: 'header', requires: { space: 'update' }, summary: "Edit a space's name, description or visibility",
    params: spaceParams, body: updateSpaceBody, response: space, errors: [400, 401, 403, 404, 422],
  }),
  archive: endpoint({
    method: 'POST', path: 'spaces/:id/archive/', tag, signedIn: true, hub: 'header', requires: { space: 'archive' }, summary: 'Archive a space (it keeps its data)',
    params: spaceParams, response: space, errors: [401, 403, 404, 409],
  }),
  restore: endpoint({
    method: 'POST', path: 'spaces/:id/restore/', tag, signedIn: true, hub: 'header', requires: { space: 'restore' }, summary: 'Restore an archived space',
    params: spaceParams, response: space, errors: [401, 403, 404, 409, 422],
  }),
  join: endpoint({
    method: 'POST', path: 'spaces/:id/join/', tag, signedIn: true, hub: 'header', summary: 'Join a public ("Everyone") space as a viewer',
    params: spaceParams, response: space, errors: [401, 404, 409, 422],
  }),
  star: endpoint({
    method: 'PUT', path: 'spaces/:id/star/', tag, signedIn: true, hub: 'header', summary: 'Star a space for myself (it leads my side bar)',
    params: spaceParams, response: space, errors: [401, 404],
  }),
  unstar: endpoint({
    method: 'DELETE', path: 'spaces/:id/star/', tag, signedIn: true, hub: 'header', summary: 'Remove my star from a space',
    params: spaceParams, response: space, errors: [401, 404],
  }),
  leave: endpoint({
    method: 'POST', path: 'spaces/:id/leave/', tag, signedIn: true, hub: 'header', summary: 'Leave a space',
    params: spaceParams, response: dataEnvelope(z.null()), errors: [401, 404, 409, 422],
  }),
  members: endpoint({
    method: 'GET', path: 'spaces/:id/members/', tag, signedIn: true, hub: 'header', summary: "A space's members, in the order they joined",
    params: spaceParams, query: spaceMemberListQuery, response: listEnvelope(spaceMemberSchema), errors: [400, 401, 404],
  }),
  memberCandidates: endpoint({
    method: 'GET', path: 'spaces/:id/member-candidates/', tag, signedIn: true, hub: 'header', requires: { space: 'invite' },
    summary: 'Members of the hub who could be added to the space (not yet in it, nor the caller), searched by name or email',
    params: spaceParams, query: spaceMemberListQuery, response: listEnvelope(spaceMemberCandidateSchema), errors: [400, 401, 403, 404, 422],
  }),
  addMember: endpoint({
    method: 'POST', path: 'spaces/:id/members/', tag, signedIn: true, hub: 'header', requires: { space: 'invite' }, summary: 'Add a member of the hub to a space',
    params: spaceParams, body: addSpaceMemberBody, status: 201, response: spaceMember, errors: [400, 401, 403, 404, 409, 422],
  }),
  updateMember: endpoint({
    method: 'PATCH', path: 'spaces/:id/members/:user_id/', tag, signedIn: true, hub: 'header', requires: { space: 'manage_members' }, summary: "Change a space member's role",
    params: spaceMemberParams, body: updateSpaceMemberBody, response: spaceMember, errors: [400, 401, 403, 404, 422],
  }),
  removeMember: endpoint({
    method: 'DELETE', path: 'spaces/:id/members/:user_id/', tag, signedIn: true, hub: 'header', requires: { space: 'manage_members' }, summary: 'Remove a member from a space',
    params: spaceMemberParams, response: dataEnvelope(z.null()), errors: [401, 403, 404, 422],
  }),
};

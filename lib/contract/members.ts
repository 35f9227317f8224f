import { z } from 'zod';
import { dataEnvelope, listEnvelope, pageQuery } from './envelope';
import { searchField } from '../validation/fields';
import { userSchema } from './auth';
import { endpoint } from './endpoint';
import { hubHandleParams } from './hubs';
import { roles } from './settings';

/** What the caller may do to one member: change their role (to any role) and take them out. */
export const memberAbilitiesSchema = z.object({
  change_role: z.boolean(),
  remove: z.boolean(),
});
export type MemberAbilities = z.infer<typeof memberAbilitiesSchema>;

/** How a person's avatar is drawn, as in their own user view: their profile colour and their photo (null: none, show initials). */
export const avatarFields = {
  colour: z.string(),
  photo_url: z.string().nullable(),
};

/** One member of a hub, as the members list shows them. */
export const memberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  ...avatarFields,
  role: z.enum(roles),
  /** The job role from the basic profile (core/basic-settings/ profile_roles value), if set. */
  profile_role: z.string().nullable(),
  joined_at: z.string(),
  /** Whether the member signs in with two factors; shown to the hub's owners only (null for everyone else). */
  two_factor: z.boolean().nullable(),
  /** Whether they are the hub's only owner: nobody may lower their role or let them leave until another member is owner. */
  only_owner: z.boolean(),
  abilities: memberAbilitiesSchema,
});
export type Member = z.infer<typeof memberSchema>;

const MEMBER_SEARCH_MAX = 100;

/** organizations/{handle}/members/?page&page_size&search — search matches name or email. */
export const membersQuery = pageQuery.extend({
  search: searchField(MEMBER_SEARCH_MAX),
});
export type MembersQuery = z.input<typeof membersQuery>;

/** A member named in a path; an id that is not a member of the hub answers 404. */
const memberParams = z.object({ handle: z.string(), user_id: z.string() });

export const roleField = (label = 'Role') => z.enum(roles, { error: `Please choose a ${label.toLowerCase()}` });

/** PATCH organizations/{handle}/members/{user_id}/ */
export const updateMemberBody = z.object({ role: roleField() });
export type UpdateMemberBody = z.input<typeof updateMemberBody>;

const tag = 'members';

/** Hub members: list, change role, remove, leave. */
export const memberEndpoints = {
  list: endpoint({
    method: 'GET', path: 'organizations/:handle/members/', tag, signedIn: true, hub: 'path',
    summary: 'Members of the hub, paged, optionally searched by name or email',
    params: hubHandleParams, query: membersQuery, response: listEnvelope(memberSchema), errors: [400, 401, 403, 404],
  }),
  updateRole: endpoint({
    method: 'PATCH', path: 'organizations/:handle/members/:user_id/', tag, signedIn: true, hub: 'path', requires: { hub: 'manage_members' },
    summary: "Change a member's role (owner); the last owner cannot be demoted",
    params: memberParams, body: updateMemberBody, response: dataEnvelope(memberSchema), errors: [400, 401, 403, 404, 422],
  }),
  remove: endpoint({
    method: 'DELETE', path: 'organizations/:handle/members/:user_id/', tag, signedIn: true, hub: 'path', requires: { hub: 'manage_members' },
    summary: 'Remove a member from the hub and its spaces (owner); not the last owner',
    params: memberParams, response: dataEnvelope(z.null()), errors: [401, 403, 404, 422],
  }),
  leave: endpoint({
    method: 'POST', path: 'organizations/:handle/leave/', tag, signedIn: true, hub: 'path',
    summary: 'Leave the hub (the last owner cannot). Answers with my user view',
    params: hubHandleParams, response: dataEnvelope(userSchema), errors: [401, 403, 404, 422],
  }),
};

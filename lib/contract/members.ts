import { z } from 'zod';
import { pageQuery } from './envelope';
import { searchField } from '../validation/fields';
import { roles } from './settings';

/** One member of a hub, as the members list shows them. */
export const memberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  /** The job role from the basic profile (core/basic-settings/ profile_roles value), if set. */
  profile_role: z.string().nullable(),
  joined_at: z.string(),
  /** Whether the member signs in with two factors; shown to the hub's owners only (null for everyone else). */
  two_factor: z.boolean().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const MEMBER_SEARCH_MAX = 100;

/** organizations/{handle}/members/?page&page_size&search — search matches name or email. */
export const membersQuery = pageQuery.extend({
  search: searchField(MEMBER_SEARCH_MAX),
});
export type MembersQuery = z.input<typeof membersQuery>;

/** A member named in a path; an id that is not a member of the hub answers 404. */
export const memberParams = z.object({ handle: z.string(), user_id: z.string() });

export const roleField = (label = 'Role') => z.enum(roles, { error: `Please choose a ${label.toLowerCase()}` });

/** PATCH organizations/{handle}/members/{user_id}/ */
export const updateMemberBody = z.object({ role: roleField() });
export type UpdateMemberBody = z.input<typeof updateMemberBody>;

import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';

export const hubVisibilities = ['public', 'shared'] as const;
export const spaceVisibilities = ['public', 'shared', 'private'] as const;
export const roles = ['owner', 'editor', 'viewer'] as const;
export type HubVisibility = (typeof hubVisibilities)[number];
export type SpaceVisibility = (typeof spaceVisibilities)[number];
export type Role = (typeof roles)[number];

/** What a role may do (design §5); core/basic-settings publishes them per role. */
export const operations = [
  'view', 'add_content', 'edit_content', 'delete_content', 'invite', 'change_visibility',
  'archive', 'transfer_ownership', 'manage_roles',
] as const;
export type Operation = (typeof operations)[number];

const option = <T extends string>(values: readonly [T, ...T[]]) =>
  z.object({ value: z.enum(values), label: z.string(), description: z.string() });

export const basicSettingsSchema = z.object({
  permissions: z.object({
    hub_visibility: z.array(option(hubVisibilities)),
    space_visibility: z.array(option(spaceVisibilities)),
  }),
  roles: z.array(
    z.object({ value: z.enum(roles), label: z.string(), operations: z.array(z.enum(operations)) }),
  ),
  profile_roles: z.array(z.object({ value: z.string(), label: z.string(), department: z.string() })),
});
export type BasicSettings = z.infer<typeof basicSettingsSchema>;

/** Global settings the web app loads once it knows the user. */
export const coreEndpoints = {
  basicSettings: endpoint({
    method: 'GET', path: 'core/basic-settings/', tag: 'core', signedIn: true,
    summary: 'Visibility options, roles with their operations, and profile roles',
    response: dataEnvelope(basicSettingsSchema), errors: [401],
  }),
};

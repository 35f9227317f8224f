import { z } from 'zod';
import { colourField, emailDomainField, handleField, optionalText, requiredText } from '../validation/fields';
import { hubVisibilities, roles } from './settings';

export const hubSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  domain_handle: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(hubVisibilities),
  colour: z.string(),
  email_domain: z.string().nullable(),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type HubSummary = z.infer<typeof hubSummarySchema>;

/** What a member may do with the hub, given their role; the web app offers only these. */
export const hubAbilitiesSchema = z.object({
  /** Name, description, colour, email domain and sign-in requirement. */
  update: z.boolean(),
  change_visibility: z.boolean(),
  invite: z.boolean(),
  /** Change members' roles, remove them, and grant the owner role. */
  manage_members: z.boolean(),
  /** The roles the caller may give when inviting (owner only for owners); empty when they may not invite. */
  grant_roles: z.array(z.enum(roles)),
  create_space: z.boolean(),
  view_audit: z.boolean(),
  /** The questions people asked that the hub could not answer. */
  view_unanswered: z.boolean(),
  transfer: z.boolean(),
  archive: z.boolean(),
  /** Create, change and archive the hub's form templates. */
  manage_templates: z.boolean(),
});
export type HubAbilities = z.infer<typeof hubAbilitiesSchema>;

/** A hub as seen by one of its members. */
export const myHubSchema = hubSummarySchema.extend({ role: z.enum(roles), abilities: hubAbilitiesSchema });
export type MyHub = z.infer<typeof myHubSchema>;

/** A hub the user may join: through an invitation or because it is open to the user's email domain. */
export const joinableHubSchema = hubSummarySchema.extend({
  reason: z.enum(['invitation', 'email_domain']),
  role: z.enum(roles),
  invited_by: z.string().nullable(),
});
export type JoinableHub = z.infer<typeof joinableHubSchema>;

/** Path segments under organizations/ that a hub handle would shadow. */
const HUB_ROUTE_WORDS = new Set(['check', 'joinable', 'switch']);

/** The handle rule (spec §5) plus the words the organizations/ routes use themselves. */
export const hubHandleField = (label = 'Hub handle') =>
  handleField(label).refine((v) => !HUB_ROUTE_WORDS.has(v), `${label} is reserved, please choose another`);

/**
 * Free webmail providers: anyone can have an address there, so a hub open to
 * one of these domains would be offered to every stranger who signs up.
 */
export const PUBLIC_EMAIL_DOMAINS = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'hotmail.co.uk', 'live.com', 'msn.com',
  'yahoo.com', 'yahoo.co.in', 'yahoo.co.uk', 'ymail.com', 'rocketmail.com', 'icloud.com', 'me.com', 'mac.com',
  'aol.com', 'proton.me', 'protonmail.com', 'pm.me', 'zoho.com', 'zohomail.in', 'mail.com', 'gmx.com', 'gmx.net',
  'gmx.de', 'web.de', 'yandex.com', 'yandex.ru', 'mail.ru', 'tutanota.com', 'tuta.io', 'fastmail.com',
  'hey.com', 'rediffmail.com', 'qq.com', '163.com', '126.com',
]);

/** A domain a hub may open itself to: a valid domain that is not a webmail provider. */
const hubEmailDomainField = () =>
  emailDomainField().refine(
    (v) => !PUBLIC_EMAIL_DOMAINS.has(v),
    'Email domain cannot be a public email provider; use your organisation\'s own domain',
  );

export const createHubBody = z.object({
  name: requiredText('Hub name', { min: 2, max: 80 }),
  domain_handle: hubHandleField('Hub handle'),
  description: optionalText('Description', { max: 500 }),
  visibility: z.enum(hubVisibilities, { error: 'Please choose a visibility' }),
  email_domain: hubEmailDomainField().optional().or(z.literal('').transform(() => undefined)),
  colour: colourField().optional(),
});
export type CreateHubBody = z.input<typeof createHubBody>;

export const checkHandleQuery = z.object({ domain_handle: z.string().default('') });
export const checkHandleResponse = z.object({
  domain_handle: z.string(),
  available: z.boolean(),
  reason: z.string().nullable(),
});
export type CheckHandleResponse = z.infer<typeof checkHandleResponse>;

export const switchHubBody = z.object({
  domain_handle: z.string({ error: 'Please enter Hub handle' }).trim().min(1, 'Please enter Hub handle'),
});

/** A hub named in a path; any string is accepted and an unknown one answers 404. */
export const hubHandleParams = z.object({ handle: z.string() });

/**
 * Only people who own an address at a domain may open a hub to everyone at
 * it; otherwise anyone could put their hub in front of another company's
 * staff. Returns the field message when `emailDomain` is not the user's own.
 */
export function foreignEmailDomainMessage(userEmail: string, emailDomain: string | undefined): string | null {
  const ownDomain = userEmail.split('@')[1] ?? '';
  return emailDomain && emailDomain !== ownDomain
    ? `Email domain must be the domain of your own email address (${ownDomain})`
    : null;
}

/**
 * PATCH organizations/{handle}/ — only the fields sent change. `description`
 * and `email_domain` are cleared by sending null or an empty string.
 * Same rules as create; the email domain must again be the caller's own.
 */
export const updateHubBody = z.object({
  name: requiredText('Hub name', { min: 2, max: 80 }).optional(),
  description: optionalText('Description', { max: 500 }).nullable().transform((v) => v ?? null).optional(),
  visibility: z.enum(hubVisibilities, { error: 'Please choose a visibility' }).optional(),
  email_domain: z.null().or(z.literal('')).transform(() => null).or(hubEmailDomainField()).optional(),
  colour: colourField().optional(),
});
export type UpdateHubBody = z.input<typeof updateHubBody>;

/** POST organizations/{handle}/archive/ — the owner types the hub handle to confirm. */
export const archiveHubBody = z.object({
  confirm: z.string({ error: 'Please enter Hub handle' }).trim().min(1, 'Please enter Hub handle').max(200),
});
export type ArchiveHubBody = z.input<typeof archiveHubBody>;

/** POST organizations/{handle}/transfer/ — the member who becomes owner; the caller becomes an editor. */
export const transferHubBody = z.object({
  user_id: z.string({ error: 'Please choose a member' }).trim().min(1, 'Please choose a member'),
});
export type TransferHubBody = z.input<typeof transferHubBody>;

/**
 * GET organizations/{handle}/preview/ — a public hub as anyone signed in may
 * see it before joining (the shareable join link). Shared hubs answer 404.
 */
export const hubPreviewSchema = hubSummarySchema.extend({ is_member: z.boolean() });
export type HubPreview = z.infer<typeof hubPreviewSchema>;

/** The web app's shareable join link for a public hub, relative to the app's address. */
export const hubJoinPath = (handle: string) => `/join-hub?hub=${encodeURIComponent(handle)}`;
/** The web app's page for an emailed invitation, relative to the app's address. */
export const invitationJoinPath = (token: string) => `/join-hub?invitation=${encodeURIComponent(token)}`;

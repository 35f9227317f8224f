import { z } from 'zod';
import { emailField } from '../validation/fields';
import { endpoint } from './endpoint';
import { dataEnvelope, listEnvelope, pageQuery } from './envelope';
import { roleField } from './members';
import { myHubSchema, hubHandleParams, hubSummarySchema } from './hubs';
import { roles } from './settings';
import { spaceParams } from './spaces';

/** How many addresses one invite request may carry. */
export const MAX_INVITE_EMAILS = 20;
/** An invitation link works for this long after it was (re)sent. */
export const INVITATION_TTL_DAYS = 3;
/** Resend limit per invitation: at most this many emails in the window. */
export const INVITATION_SENDS_PER_WINDOW = 3;
export const INVITATION_SEND_WINDOW_MINUTES = 10;

/**
 * POST organizations/{handle}/invitations/ — several addresses at once.
 * Addresses are trimmed, lowercased and deduplicated; any invalid one fails
 * the request with the message on `emails`.
 */
export const createInvitationsBody = z.object({
  emails: z
    .array(emailField('Email'), { error: 'Please enter at least one email' })
    .min(1, 'Please enter at least one email')
    .max(MAX_INVITE_EMAILS, `You can invite up to ${MAX_INVITE_EMAILS} people at a time`)
    .transform((emails) => [...new Set(emails)]),
  role: roleField(),
});
export type CreateInvitationsBody = z.input<typeof createInvitationsBody>;

/** What the caller may do with a pending invitation (one for the owner role is the owners'). */
export const invitationAbilitiesSchema = z.object({
  resend: z.boolean(),
  revoke: z.boolean(),
});
export type InvitationAbilities = z.infer<typeof invitationAbilitiesSchema>;

/** A pending invitation as the hub's invitations list shows it. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  /** Name of the member who invited, or null if they have since left. */
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  /** When the latest email went out (resend refreshes it). */
  last_sent_at: z.string(),
  abilities: invitationAbilitiesSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * What happened to each address of an invite request:
 * `invited` — new invitation sent; `refreshed` — a pending one got a new link
 * (the old link stops working); `already_member` — skipped, nothing sent;
 * `rate_limited` — a pending one was sent too often lately, nothing sent;
 * `mail_failed` — the invitation is pending but its email could not be
 * sent (resend it later).
 */
const inviteOutcomes = ['invited', 'refreshed', 'already_member', 'rate_limited', 'mail_failed'] as const;
export const inviteResultSchema = z.object({
  email: z.string(),
  outcome: z.enum(inviteOutcomes),
  invitation: invitationSchema.nullable(),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;

export const invitationsQuery = pageQuery;

/** An invitation named in a path; ids of other hubs' invitations answer 404. */
const invitationParams = z.object({ handle: z.string(), id: z.string() });

/** A space invitation named in a path: spaces/{id}/invitations/{invitation_id}/. */
const spaceInvitationParams = z.object({ id: z.string(), invitation_id: z.string() });

/** The space a space invitation is for (null for a hub invitation). */
const invitedSpaceSchema = z.object({ id: z.string(), name: z.string() });
export type InvitedSpace = z.infer<typeof invitedSpaceSchema>;

/** The secret from an emailed link, `/join-hub?invitation=<token>`. */
const invitationTokenParams = z.object({ token: z.string() });

/**
 * GET invitations/{token}/ (no sign-in needed; a token, when sent, names who
 * is looking): what the invitation page shows. Only pending invitations are
 * ever returned; used, cancelled, expired and unknown tokens all answer 404.
 */
export const invitationPreviewSchema = z.object({
  organization: hubSummarySchema.pick({
    name: true, domain_handle: true, description: true, colour: true, visibility: true,
  }),
  invited_by: z.string().nullable(),
  role: z.enum(roles),
  /**
   * The invited address: in full to the invitee signed in as it, masked
   * (a•••@example.com) to anyone else holding the link (invitedEmailFor).
   * Whether it has an account is not said, to anyone.
   */
  email: z.string(),
  expires_at: z.string(),
  /** Set for an invitation into one space of the hub; `role` is then the role in that space. */
  space: invitedSpaceSchema.nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * POST invitations/{token}/accept/ — the hub as the new member sees it (now
 * the active hub) and, for a space invitation, the space to go to.
 */
export const invitationAcceptanceSchema = myHubSchema.extend({ space: invitedSpaceSchema.nullable() });
export type InvitationAcceptance = z.infer<typeof invitationAcceptanceSchema>;

const inviteResults = dataEnvelope(z.array(inviteResultSchema));
const invitation = dataEnvelope(invitationSchema);
const tag = 'invitations';

/** Hub invitations (editors and above), and the emailed link: preview it (no sign-in) and accept it. */
export const invitationEndpoints = {
  create: endpoint({
    method: 'POST', path: 'organizations/:handle/invitations/', tag, signedIn: true, hub: 'path', requires: { hub: 'invite' },
    summary: 'Invite up to 20 emails with one role; answers each address\'s outcome (201 when any invitation was sent)',
    params: hubHandleParams, body: createInvitationsBody, status: [200, 201], response: inviteResults,
    errors: [400, 401, 403, 404, 422],
  }),
  list: endpoint({
    method: 'GET', path: 'organizations/:handle/invitations/', tag, signedIn: true, hub: 'path', requires: { hub: 'invite' }, summary: 'Pending invitations of the hub, newest first',
    params: hubHandleParams, query: invitationsQuery, response: listEnvelope(invitationSchema), errors: [400, 401, 403, 404],
  }),
  resend: endpoint({
    method: 'POST', path: 'organizations/:handle/invitations/:id/resend/', tag, signedIn: true, hub: 'path', requires: { hub: 'invite' },
    summary: 'Send a pending invitation again with a new link (at most 3 emails per 10 minutes)',
    params: invitationParams, response: invitation, errors: [401, 403, 404, 429],
  }),
  cancel: endpoint({
    method: 'DELETE', path: 'organizations/:handle/invitations/:id/', tag, signedIn: true, hub: 'path', requires: { hub: 'invite' },
    summary: 'Cancel a pending invitation; its link stops working',
    params: invitationParams, response: dataEnvelope(z.null()), errors: [401, 403, 404],
  }),
  preview: endpoint({
    method: 'GET', path: 'invitations/:token/', tag, signedIn: false,
    summary: 'What an invitation link offers (the address masked unless signed in as it); unknown, expired, used and cancelled links answer 404',
    params: invitationTokenParams, response: dataEnvelope(invitationPreviewSchema), errors: [404],
  }),
  accept: endpoint({
    method: 'POST', path: 'invitations/:token/accept/', tag, signedIn: true,
    summary: 'Accept an invitation as the invited email; the hub becomes my active hub (a space invitation also names the space)',
    params: invitationTokenParams, response: dataEnvelope(invitationAcceptanceSchema), errors: [401, 403, 404, 409, 422],
  }),
};

/** Email invitations into a space: invite, list pending, resend, cancel (editors and owners of the space). */
/** Listed with both the spaces and the invitations in the API document. */
const spaceInvitationTags = ['spaces', 'invitations'] as const;

export const spaceInvitationEndpoints = {
  create: endpoint({
    method: 'POST', path: 'spaces/:id/invitations/', tag: spaceInvitationTags, signedIn: true, hub: 'header', requires: { space: 'invite' },
    summary: "Invite up to 20 emails into a space with one role; answers each address's outcome (201 when any invitation was sent)",
    params: spaceParams, body: createInvitationsBody, status: [200, 201], response: inviteResults, errors: [400, 401, 403, 404, 422],
  }),
  list: endpoint({
    method: 'GET', path: 'spaces/:id/invitations/', tag: spaceInvitationTags, signedIn: true, hub: 'header', summary: "A space's pending invitations, newest first",
    params: spaceParams, query: invitationsQuery, response: listEnvelope(invitationSchema), errors: [400, 401, 403, 404],
  }),
  resend: endpoint({
    method: 'POST', path: 'spaces/:id/invitations/:invitation_id/resend/', tag: spaceInvitationTags, signedIn: true, hub: 'header',
    summary: 'Send a pending space invitation again with a new link (at most 3 emails per 10 minutes)',
    params: spaceInvitationParams, response: invitation, errors: [401, 403, 404, 422, 429],
  }),
  cancel: endpoint({
    method: 'DELETE', path: 'spaces/:id/invitations/:invitation_id/', tag: spaceInvitationTags, signedIn: true, hub: 'header',
    summary: 'Cancel a pending space invitation; its link stops working',
    params: spaceInvitationParams, response: dataEnvelope(z.null()), errors: [401, 403, 404],
  }),
};

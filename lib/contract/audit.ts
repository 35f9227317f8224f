import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEnvelope, pageQuery } from './envelope';
import { hubHandleParams } from './hubs';

/** Events about a person's own account: recorded without a hub, shown to the person and to their hubs' owners. */
export const accountEventTypes = [
  'sign_in', 'sign_in_failed', 'sign_out', 'email_verified', 'email_changed', 'password_changed', 'password_reset',
  'two_factor_enabled', 'two_factor_disabled', 'recovery_codes_regenerated', 'passkey_added', 'passkey_removed',
  'session_revoked',
] as const;

/** Events inside a hub: shown to its owners. */
const hubEventTypes = [
  'member_joined', 'member_left', 'member_removed', 'member_role_changed',
  'invitation_sent', 'invitation_cancelled', 'invitation_accepted',
  'hub_updated', 'hub_visibility_changed', 'hub_archived', 'hub_transferred', 'two_factor_requirement_changed', 'plan_changed',
  'space_created', 'space_updated', 'space_visibility_changed', 'space_archived', 'space_restored',
  'space_member_added', 'space_member_removed', 'space_member_role_changed',
  'content_deleted', 'meeting_started',
  'template_created', 'template_updated', 'template_archived', 'template_restored',
] as const;

export const auditEventTypes = [...accountEventTypes, ...hubEventTypes] as const;
export type AuditEventType = (typeof auditEventTypes)[number];

const person = z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable();

export const auditEventSchema = z.object({
  id: z.string(),
  type: z.enum(auditEventTypes),
  /** Who did it; null for the system or an unknown address. */
  actor: person,
  /** Whose account it concerns, when that is not the actor. */
  subject: person,
  /** What it was done to and the facts of the change (target kind, id and name; from/to values). */
  data: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const dateBound = (label: string) =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: `${label} must be a date (YYYY-MM-DD) or a date and time` }).optional();

/**
 * Filters of a hub's audit trail. `person` matches events they did or that
 * concern them; `from` is inclusive, `to` exclusive when it has a time, and a
 * plain date `to` includes that whole day (UTC).
 */
export const auditFilters = z.object({
  person: z.guid({ error: 'Please choose a member' }).optional(),
  type: z.enum(auditEventTypes, { error: 'Please choose an event type' }).optional(),
  from: dateBound('From'),
  to: dateBound('To'),
});
export type AuditFilters = z.input<typeof auditFilters>;

/** GET organizations/{handle}/audit/: the filters, paged. */
export const auditQuery = pageQuery.extend(auditFilters.shape);
export type AuditQuery = z.input<typeof auditQuery>;

/** GET organizations/{handle}/audit/export/ */
export const auditExportQuery = auditFilters;

/** The CSV export's columns, in order. */
export const auditCsvColumns = [
  'time', 'event', 'description', 'actor_name', 'actor_email', 'subject_name', 'subject_email', 'ip', 'user_agent', 'details',
] as const;

/**
 * The hub's audit trail (owners). Its CSV export (organizations/{handle}/audit/export/)
 * is a file stream rather than a JSON answer, so the server registers it by hand.
 */
export const auditEndpoints = {
  list: endpoint({
    method: 'GET', path: 'organizations/:handle/audit/', tag: 'audit', signedIn: true, hub: 'path', requires: { hub: 'view_audit' },
    summary: "The hub's audit trail, newest first (owners): its events and its members' account events, filtered by person, type and dates",
    params: hubHandleParams, query: auditQuery, response: listEnvelope(auditEventSchema), errors: [400, 401, 403, 404],
  }),
};

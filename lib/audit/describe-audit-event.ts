import { basicSettings } from '../basic-settings';
import type { AuditEvent, AuditEventType } from '../contract/audit';
import type { SignInMethod } from '../contract/auth';
import { planCodes, plans } from '../plans';

/** Each event type as a short label (filters, the CSV's event column). */
export const auditEventLabels: Record<AuditEventType, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sign_out: 'Signed out',
  email_verified: 'Email verified',
  email_changed: 'Email changed',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  two_factor_enabled: 'Two-factor sign-in turned on',
  two_factor_disabled: 'Two-factor sign-in turned off',
  recovery_codes_regenerated: 'New recovery codes',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  session_revoked: 'Session signed out',
  member_joined: 'Member joined',
  member_left: 'Member left',
  member_removed: 'Member removed',
  member_role_changed: 'Member role changed',
  invitation_sent: 'Invitation sent',
  invitation_cancelled: 'Invitation cancelled',
  invitation_accepted: 'Invitation accepted',
  hub_updated: 'Hub settings changed',
  hub_visibility_changed: 'Hub visibility changed',
  hub_archived: 'Hub archived',
  hub_transferred: 'Hub ownership transferred',
  two_factor_requirement_changed: 'Two-factor requirement changed',
  plan_changed: 'Plan changed',
  space_created: 'Space created',
  space_updated: 'Space changed',
  space_visibility_changed: 'Space visibility changed',
  space_archived: 'Space archived',
  space_restored: 'Space restored',
  space_member_added: 'Space member added',
  space_member_removed: 'Space member removed',
  space_member_role_changed: 'Space member role changed',
  content_deleted: 'Content deleted',
  meeting_started: 'Meeting started',
  template_created: 'Form template created',
  template_updated: 'Form template changed',
  template_archived: 'Form template archived',
  template_restored: 'Form template restored',
};

const signInMethodWords: Record<SignInMethod, string> = {
  password: 'with a password',
  google: 'with Google',
  passkey: 'with a passkey',
  email_code: 'with an emailed code',
  totp: 'with an authenticator app',
  recovery_code: 'with a recovery code',
  password_reset: 'after resetting the password',
};

const hubFieldWords: Record<string, string> = {
  name: 'name', description: 'description', colour: 'colour', email_domain: 'email domain',
};

type Data = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const record = (value: unknown): Data | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : undefined;

const roleLabel = (value: unknown) => basicSettings.roles.find((r) => r.value === value)?.label ?? text(value) ?? 'unknown';
const hubVisibilityLabel = (value: unknown) =>
  basicSettings.permissions.hub_visibility.find((v) => v.value === value)?.label ?? text(value) ?? 'unknown';
const spaceVisibilityLabel = (value: unknown) =>
  basicSettings.permissions.space_visibility.find((v) => v.value === value)?.label ?? text(value) ?? 'unknown';

const planName = (value: unknown) => {
  const code = planCodes.find((c) => c === value);
  return code ? plans[code].name : text(value) ?? 'unknown';
};

/** The name of what the event was done to (`data.target.name`), quoted. */
const targetName = (data: Data) => {
  const name = text(record(data.target)?.name);
  return name ? `“${name}”` : 'an item';
};

// The audit log leaves out the names of spaces the reader may not see.
const HIDDEN_SPACE = 'a space you cannot see';

/**
 * One readable sentence for an audit event, as the audit log and the CSV
 * export show it: "Ada changed Ben's role from Viewer to Editor".
 */
export function describeAuditEvent(event: Pick<AuditEvent, 'type' | 'actor' | 'subject' | 'data'>): string {
  const { data } = event;
  const actor = event.actor?.name ?? 'Someone';
  // Account events concern one person, recorded as the actor, the subject or both.
  const owner = event.actor?.name ?? event.subject?.name ?? 'Someone';
  const self = !event.subject || event.subject.id === event.actor?.id;
  const subject = event.subject?.name ?? 'someone';
  const whose = self ? 'their' : `${subject}’s`;
  const spaceNamed = text(record(data.target)?.name);
  const space = spaceNamed ? `the space “${spaceNamed}”` : HIDDEN_SPACE;
  // Events inside a space that are about something else (an item, an invitation) name the space in `data.space`.
  const inSpace = (preposition: string) => {
    if (!record(data.space)) return '';
    const name = text(record(data.space)?.name);
    return ` ${preposition} ${name ? `the space “${name}”` : HIDDEN_SPACE}`;
  };
  const email = text(data.email) ?? text(record(data.target)?.name) ?? 'someone';

  switch (event.type) {
    case 'sign_in': {
      const method = signInMethodWords[data.method as SignInMethod];
      return `${owner} signed in${method ? ` ${method}` : ''}`;
    }
    case 'sign_in_failed':
      return event.subject ? `A sign-in to ${subject}’s account failed` : `A sign-in${text(data.email) ? ` as ${text(data.email)}` : ''} failed`;
    case 'sign_out':
      return `${owner} signed out`;
    case 'email_verified':
      return `${owner} verified their email address`;
    case 'email_changed':
      return `${owner} changed their sign-in email address`;
    case 'password_changed':
      return `${owner} changed their password`;
    case 'password_reset':
      return `${owner} reset their password`;
    case 'two_factor_enabled':
      return `${owner} turned on two-factor sign-in`;
    case 'two_factor_disabled':
      return `${owner} turned off two-factor sign-in`;
    case 'recovery_codes_regenerated':
      return `${owner} made new recovery codes`;
    case 'passkey_added':
      return `${owner} added a passkey${text(data.name) ? ` (“${text(data.name)}”)` : ''}`;
    case 'passkey_removed':
      return `${owner} removed a passkey${text(data.name) ? ` (“${text(data.name)}”)` : ''}`;
    case 'session_revoked':
      return typeof data.count === 'number'
        ? `${owner} signed out ${data.count === 1 ? '1 other session' : `${data.count} other sessions`}`
        : `${owner} signed out a session${text(record(data.target)?.name) ? ` (${text(record(data.target)?.name)})` : ''}`;
    case 'member_joined':
      return `${actor} joined the hub${data.via === 'invitation' ? ' by invitation' : ''} as ${roleLabel(data.role)}`;
    case 'member_left':
      return `${actor} left the hub`;
    case 'member_removed':
      return `${actor} removed ${subject} from the hub`;
    case 'member_role_changed':
      return `${actor} changed ${whose} role from ${roleLabel(data.from)} to ${roleLabel(data.to)}`;
    case 'invitation_sent':
      return data.resent === true
        ? `${actor} sent the invitation for ${email}${inSpace('to')} again`
        : `${actor} invited ${email}${inSpace('to')} as ${roleLabel(data.role)}`;
    case 'invitation_cancelled':
      return `${actor} cancelled the invitation for ${email}${inSpace('to')}`;
    case 'invitation_accepted':
      return `${actor} accepted the invitation${inSpace('to')} as ${roleLabel(data.role)}`;
    case 'hub_updated': {
      const changes = record(data.changes) ?? {};
      const fields = Object.keys(changes).map((key) => hubFieldWords[key] ?? key);
      const name = record(changes.name);
      if (fields.length === 1 && name) return `${actor} renamed the hub from “${text(name.from) ?? ''}” to “${text(name.to) ?? ''}”`;
      return `${actor} changed the hub’s ${fields.length > 0 ? fields.join(', ') : 'settings'}`;
    }
    case 'hub_visibility_changed':
      return `${actor} changed the hub’s visibility from ${hubVisibilityLabel(data.from)} to ${hubVisibilityLabel(data.to)}`;
    case 'hub_archived':
      return `${actor} archived the hub`;
    case 'hub_transferred':
      return `${actor} handed the hub over to ${subject}`;
    case 'two_factor_requirement_changed':
      return typeof data.to === 'boolean'
        ? `${actor} ${data.to ? 'required' : 'stopped requiring'} two-factor sign-in for the hub`
        : `${actor} changed the hub’s two-factor requirement`;
    case 'plan_changed':
      return `${actor} changed the hub’s plan from ${planName(data.from)} to ${planName(data.to)}`;
    case 'space_created':
      return `${actor} created ${space}`;
    case 'space_updated': {
      const changes = record(data.changes);
      const name = record(changes?.name);
      if (name) return `${actor} renamed the space “${text(name.from) ?? ''}” to “${text(name.to) ?? ''}”`;
      return changes?.description !== undefined ? `${actor} changed the description of ${space}` : `${actor} changed ${space}`;
    }
    case 'space_visibility_changed':
      return `${actor} changed the visibility of ${space} from ${spaceVisibilityLabel(data.from)} to ${spaceVisibilityLabel(data.to)}`;
    case 'space_archived':
      return `${actor} archived ${space}`;
    case 'space_restored':
      return `${actor} restored ${space}`;
    case 'space_member_added':
      return self ? `${actor} joined ${space}` : `${actor} added ${subject} to ${space} as ${roleLabel(data.role)}`;
    case 'space_member_removed':
      return self ? `${actor} left ${space}` : `${actor} removed ${subject} from ${space}`;
    case 'space_member_role_changed':
      return `${actor} changed ${whose} role in ${space} from ${roleLabel(data.from)} to ${roleLabel(data.to)}`;
    case 'content_deleted':
      return `${actor} deleted ${targetName(data)}${inSpace('from')}`;
    case 'meeting_started':
      return `${actor} started a meeting${inSpace('in')}`;
    case 'template_created':
      return `${actor} created the form template ${targetName(data)}`;
    case 'template_updated':
      return `${actor} changed the form template ${targetName(data)}`;
    case 'template_archived':
      return `${actor} archived the form template ${targetName(data)}`;
    case 'template_restored':
      return `${actor} restored the form template ${targetName(data)}`;
  }
}

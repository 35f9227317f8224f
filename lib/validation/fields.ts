import { z } from 'zod';
import { labelOf, messages, type FieldName } from './messages';

/**
 * Field rules from the specification (§5). Each builder returns a zod schema
 * whose messages follow the spec's templates; the server validates requests
 * with them and the forms validate with them through `zodRule`.
 */

export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()-_=+[]{};:\'",.<>/?\\|`~';
export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;
const specialPattern = new RegExp(`[${PASSWORD_SPECIAL_CHARACTERS.replace(/[\\\]\-^]/g, '\\$&')}]`);

const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const HANDLE_PATTERN = /^[A-Za-z0-9_-]+$/;
const HANDLE_EDGES = /^[A-Za-z0-9](?:.*[A-Za-z0-9])?$/;
const HANDLE_MIN = 3;
export const HANDLE_MAX = 40;
const CODE_PATTERN = /^\d{6,12}$/;

/** Handles that would collide with routes or read as official. */
const RESERVED_HANDLES = new Set([
  'admin', 'administrator', 'api', 'app', 'auth', 'billing', 'convene', 'create-hub', 'dashboard',
  'help', 'hub', 'hubs', 'join-hub', 'login', 'logout', 'mail', 'meet', 'meeting', 'new', 'null',
  'root', 'settings', 'signin', 'signup', 'sign-in', 'sign-up', 'static', 'support', 'system',
  'undefined', 'www', '_next',
]);

// Control characters (NUL cannot even be stored by PostgreSQL) and unpaired
// surrogates are refused; multi-line text keeps its line breaks and tabs.
const CONTROL_IN_LINE = /[\p{Cc}\p{Cs}]/u;
const CONTROL_IN_TEXT = /[^\P{Cc}\n\r\t]|\p{Cs}/u;
const notAllowedMessage = (label: string) => `${label} contains characters that are not allowed`;

/** A required single-line text. */
export function requiredText(name: FieldName, opts: { min?: number; max: number }) {
  const label = labelOf(name);
  let schema = z
    .string({ error: messages.required(name) })
    .trim()
    .min(1, { message: messages.required(name), abort: true });
  if (opts.min && opts.min > 1) schema = schema.min(opts.min, messages.min(label, opts.min));
  return schema
    .max(opts.max, messages.max(label, opts.max))
    .refine((v) => !CONTROL_IN_LINE.test(v), notAllowedMessage(label));
}

/** A required multi-line text (line breaks and tabs kept). */
export function requiredParagraph(label: string, opts: { max: number }) {
  return z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, { message: messages.required(label), abort: true })
    .max(opts.max, messages.max(label, opts.max))
    .refine((v) => !CONTROL_IN_TEXT.test(v), notAllowedMessage(label));
}

/** An optional multi-line text; an empty string counts as absent. */
export function optionalText(label: string, opts: { max: number }) {
  return z
    .string()
    .trim()
    .max(opts.max, messages.max(label, opts.max))
    .refine((v) => !CONTROL_IN_TEXT.test(v), notAllowedMessage(label))
    .optional()
    .transform((v) => (v === '' ? undefined : v));
}

/** A free-text search box; blank means no search. */
export function searchField(max: number, label = 'Search') {
  return z
    .string()
    .trim()
    .max(max, messages.max(label, max))
    .refine((v) => !CONTROL_IN_LINE.test(v), notAllowedMessage(label))
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** An email address; `invalidMessage` words the format error where the template reads badly. */
export function emailField(name: FieldName = 'Email', invalidMessage = messages.invalid(labelOf(name), 'email')) {
  const label = labelOf(name);
  return z
    .string({ error: messages.required(name) })
    .trim()
    .min(1, { message: messages.required(name), abort: true })
    .max(254, messages.max(label, 254))
    .regex(EMAIL_PATTERN, invalidMessage)
    .transform((v) => v.toLowerCase());
}

export function passwordField(name: FieldName = 'Password') {
  const label = labelOf(name);
  return z
    .string({ error: messages.required(name) })
    .min(1, { message: messages.required(name), abort: true })
    .min(PASSWORD_MIN, messages.min(label, PASSWORD_MIN))
    .max(PASSWORD_MAX, messages.max(label, PASSWORD_MAX))
    .regex(/[a-z]/, `${label} must contain a lowercase letter`)
    .regex(/[A-Z]/, `${label} must contain an uppercase letter`)
    .regex(/\d/, `${label} must contain a digit`)
    .regex(specialPattern, `${label} must contain a special character (${PASSWORD_SPECIAL_CHARACTERS})`);
}

/**
 * A code the product emailed. The rule is the spec's 6 to 12 digits; the
 * codes it sends have 6, and the message says so, as the pages do.
 */
export function codeField(name: FieldName = { label: 'Code', noun: 'the code from the email' }) {
  return z
    .string({ error: messages.required(name) })
    .trim()
    .min(1, { message: messages.required(name), abort: true })
    .regex(CODE_PATTERN, 'Enter the 6-digit code from the email');
}

export function handleField(label = 'Handle') {
  return z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, { message: messages.required(label), abort: true })
    .min(HANDLE_MIN, messages.min(label, HANDLE_MIN))
    .max(HANDLE_MAX, messages.max(label, HANDLE_MAX))
    .regex(HANDLE_PATTERN, `${label} may contain only letters, digits, underscore and hyphen`)
    // Within the spec's characters: a handle that begins or ends with "-" or "_" reads as a typo in links and mentions.
    .regex(HANDLE_EDGES, `${label} must start and end with a letter or digit`)
    .refine((v) => !RESERVED_HANDLES.has(v.toLowerCase()), `${label} is reserved, please choose another`)
    .transform((v) => v.toLowerCase());
}

/** An email domain such as "example.com" (no @). */
export function emailDomainField(label = 'Email domain') {
  return z
    .string()
    .trim()
    .toLowerCase()
    .max(253, messages.max(label, 253))
    .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/, messages.invalid(label, 'domain'));
}

const HEX_COLOUR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
export function colourField(label = 'Colour') {
  return z.string().regex(HEX_COLOUR_PATTERN, messages.invalid(label, 'colour'));
}

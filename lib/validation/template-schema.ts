import { z } from 'zod';
import {
  FIELD_TEXT_MAX, defaultMaxLength, fileValueSchema,
  type AnyTemplateField, type FieldValue, type RecordValues,
} from '../contract/templates';
import { emailField } from './fields';
import { messages } from './messages';
import { formatBytes } from '../format-bytes';

/*
 * Any form template as a zod schema: the record form, the grid's cells, the
 * API and the mock all check values with what this returns, so a rule and
 * its message live here once. Messages follow the specification's
 * templates ('Please enter ${label}', '${label} must be at least ${min}
 * characters', …).
 */

/** A phone number: an optional + and country code, then digits with spaces, dashes, dots or brackets; 7 to 15 digits. */
export const PHONE_PATTERN = /^\+?[0-9 ()./-]{7,24}$/;
const phoneDigits = (v: string) => v.replace(/\D/g, '').length;
export const isPhone = (v: string) => PHONE_PATTERN.test(v) && phoneDigits(v) >= 7 && phoneDigits(v) <= 15;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
// An instant with its offset, as the date-time picker sends it.
const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function isDate(v: string): boolean {
  const m = DATE_PATTERN.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
const isDateTime = (v: string) => DATETIME_PATTERN.test(v) && isDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v));

function isUrl(v: string): boolean {
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

function isJson(v: string): boolean {
  try {
    JSON.parse(v);
    return true;
  } catch {
    return false;
  }
}

// Control characters (PostgreSQL cannot even store NUL) and unpaired surrogates; paragraphs keep line breaks and tabs.
const CONTROL_IN_LINE = /[\p{Cc}\p{Cs}]/u;
const CONTROL_IN_TEXT = /[^\P{Cc}\n\r\t]|\p{Cs}/u;
const notAllowed = (label: string) => `${label} contains characters that are not allowed`;

/** Whether a value counts as not filled in: absent, null, blank text or nothing chosen. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function rangeMessage(label: string, min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${label} must be between ${min}-${max}`;
  return min !== undefined ? `${label} must be ${min} or more` : `${label} must be ${max} or less`;
}

function textSchema(field: AnyTemplateField & { type: 'text' | 'string' | 'textarea' }) {
  const { label } = field;
  const max = Math.min(field.max_length ?? defaultMaxLength[field.type], FIELD_TEXT_MAX);
  // "string" keeps exactly what was typed (a code, an identifier); the others are trimmed.
  let schema = field.type === 'string' ? z.string() : z.string().trim();
  if (field.type === 'string') schema = schema.refine((v) => v === '' || v.trim() !== '', { message: messages.blank(label), abort: true });
  if (field.min_length) schema = schema.min(field.min_length, messages.min(label, field.min_length));
  return schema
    .max(max, messages.max(label, max))
    .refine((v) => !(field.type === 'textarea' ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(v), notAllowed(label));
}

function stringWith(label: string, test: (v: string) => boolean, type: string) {
  return z.string().trim().max(FIELD_TEXT_MAX, messages.max(label, FIELD_TEXT_MAX)).refine(test, messages.invalid(label, type));
}

function numberSchema(field: AnyTemplateField & { type: 'number' | 'integer' }) {
  const { label, min, max } = field;
  const invalid = messages.invalid(label, field.type);
  // Forms and imports hand numbers over as text: "12.5" and " 7 " are numbers, "12abc" is not.
  let schema = z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v.trim())) ? Number(v.trim()) : v),
    z.number({ error: invalid }).finite({ error: invalid }),
  );
  if (field.type === 'integer') schema = schema.refine((v) => Number.isSafeInteger(v), { message: invalid, abort: true });
  if (min !== undefined || max !== undefined)
    schema = schema.refine((v) => (min === undefined || v >= min) && (max === undefined || v <= max), rangeMessage(label, min, max));
  return schema;
}

function optionsSchema(field: AnyTemplateField) {
  const options = field.options ?? [];
  const invalid = messages.invalid(field.label, 'option');
  if (field.type === 'select') return z.string({ error: invalid }).refine((v) => options.includes(v), invalid);
  return z
    .array(z.string({ error: invalid }), { error: invalid })
    .max(options.length, invalid)
    .refine((values) => values.every((v) => options.includes(v)) && new Set(values).size === values.length, invalid);
}

function fileSchema(field: AnyTemplateField) {
  const { label } = field;
  return fileValueSchema
    .refine((file) => {
      const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
      return !field.extensions?.length || (ext !== undefined && field.extensions.includes(ext));
    }, messages.invalid(label, 'file type'))
    .refine((file) => field.max_bytes === undefined || file.size <= field.max_bytes, `${label} must be up to ${formatBytes(field.max_bytes ?? 0)}`);
}

/** The rule for a filled-in value of one field (emptiness is decided by `recordSchemaOf`). */
export function valueSchemaOf(field: AnyTemplateField): z.ZodType<FieldValue> {
  const { label } = field;
  switch (field.type) {
    case 'text':
    case 'string':
    case 'textarea':
      return textSchema({ ...field, type: field.type });
    case 'email':
      return emailField(label);
    case 'phone':
      return stringWith(label, isPhone, 'phone number');
    case 'url':
      return stringWith(label, isUrl, 'url');
    case 'json':
      return z.string().max(FIELD_TEXT_MAX, messages.max(label, FIELD_TEXT_MAX)).refine(isJson, messages.invalid(label, 'json'));
    case 'date':
      return stringWith(label, isDate, 'date');
    case 'time':
      return stringWith(label, (v) => TIME_PATTERN.test(v), 'time');
    case 'datetime':
      return stringWith(label, isDateTime, 'date and time');
    case 'number':
    case 'integer':
      return numberSchema({ ...field, type: field.type });
    case 'checkboxes':
    case 'select':
    case 'multi-select':
      return optionsSchema(field);
    case 'file':
      return fileSchema(field);
    case 'form':
      return recordSchemaOf('fields' in field ? (field.fields ?? []) : []) as z.ZodType<FieldValue>;
  }
}

/** One field: empty is null (or 'Please enter ${label}' when required), else its value's rule. */
export function fieldSchemaOf(field: AnyTemplateField, opts: { enforceRequired?: boolean } = {}): z.ZodType<FieldValue> {
  const required = field.required && opts.enforceRequired !== false;
  const value = valueSchemaOf(field);
  return z.unknown().transform((input, ctx): FieldValue => {
    // Spaces alone in a "string" are a value, refused as 'cannot be a blank character'.
    if (field.type === 'string' ? input === undefined || input === null || input === '' : isEmptyValue(input)) {
      if (required) ctx.addIssue({ code: 'custom', message: messages.required(field.label) });
      return null;
    }
    const parsed = value.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

export interface RecordSchemaOptions {
  /**
   * Check only the fields given (a cell edited in the grid): the others are
   * left as stored, so a field made required later applies when it is edited.
   */
  partial?: boolean;
}

/**
 * A template's fields as one schema over a record's values. Removed fields
 * are not checked and pass through untouched, so old values are never lost;
 * keys the template never had are refused.
 */
export function recordSchemaOf(fields: readonly AnyTemplateField[], opts: RecordSchemaOptions = {}): z.ZodType<RecordValues, unknown> {
  const known = new Set(fields.map((f) => f.key));
  // Made once per template, not per record: building them is most of the cost of checking one (an import checks tens of thousands).
  const schemas = fields.map((f) => (f.removed ? null : fieldSchemaOf(f)));
  return z.record(z.string(), z.unknown()).transform((input, ctx): RecordValues => {
    const out: RecordValues = {};
    for (const key of Object.keys(input)) {
      if (!known.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: `There is no field "${key}"` });
    }
    fields.forEach((field, i) => {
      const schema = schemas[i];
      if (!schema) {
        if (field.key in input) out[field.key] = input[field.key] as FieldValue;
        return;
      }
      if (opts.partial && !(field.key in input)) return;
      const parsed = schema.safeParse(input[field.key]);
      if (parsed.success) out[field.key] = parsed.data;
      else for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [field.key, ...issue.path], message: issue.message });
    });
    return out;
  });
}

/** The values a new record starts with: each live field's default, if it has one that passes its rule. */
export function defaultValuesOf(fields: readonly AnyTemplateField[]): RecordValues {
  const out: RecordValues = {};
  for (const field of fields) {
    if (field.removed || field.default === undefined) continue;
    const parsed = fieldSchemaOf(field, { enforceRequired: false }).safeParse(field.default);
    if (parsed.success && parsed.data !== null) out[field.key] = parsed.data;
  }
  return out;
}

/** A value as one line of text: for the grid, search, export and the record table's text. */
export function valueToText(field: AnyTemplateField, value: unknown): string {
  if (isEmptyValue(value)) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (field.type === 'file' && typeof value === 'object' && value && 'name' in value) return String(value.name);
  if (field.type === 'form' && typeof value === 'object' && value && 'fields' in field) {
    const nested = value as Record<string, unknown>;
    return (field.fields ?? []).map((f) => valueToText(f, nested[f.key])).filter(Boolean).join('; ');
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

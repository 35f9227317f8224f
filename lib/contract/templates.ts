import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope, listEnvelope, pageQuery } from './envelope';

/*
 * Form templates: a form described as data (spec §3, "Form field types").
 * One renderer draws any template and one function (lib/validation/
 * template-schema.ts) turns any template into the zod schema the form, the
 * API and the mock all check records with.
 */

/** The seventeen field types of the specification, in its order. */
export const fieldTypes = [
  'text', 'string', 'textarea', 'email', 'number', 'integer', 'file', 'phone', 'url', 'json', 'form',
  'date', 'time', 'datetime', 'checkboxes', 'select', 'multi-select',
] as const;
export type FieldType = (typeof fieldTypes)[number];

export const fieldTypeLabels: Record<FieldType, string> = {
  text: 'Text',
  string: 'Single word or code',
  textarea: 'Paragraph',
  email: 'Email',
  number: 'Number',
  integer: 'Whole number',
  file: 'File',
  phone: 'Phone',
  url: 'Link',
  json: 'JSON',
  form: 'Group of fields',
  date: 'Date',
  time: 'Time',
  datetime: 'Date and time',
  checkboxes: 'Checkboxes',
  select: 'Choice',
  'multi-select': 'Multiple choice',
};

/** Types whose value is picked from `options`. */
export const optionFieldTypes = ['checkboxes', 'select', 'multi-select'] as const satisfies readonly FieldType[];
/** Types with a length limit (characters). */
export const lengthFieldTypes = ['text', 'string', 'textarea'] as const satisfies readonly FieldType[];
/** Types with a value range. */
export const rangeFieldTypes = ['number', 'integer'] as const satisfies readonly FieldType[];

export const TEMPLATE_MAX_FIELDS = 60;
export const FIELD_MAX_OPTIONS = 50;
export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
/** The longest text any field keeps, whatever its limit says. */
export const FIELD_TEXT_MAX = 10_000;
/** Character limits a field has when its template sets none. */
export const defaultMaxLength: Record<(typeof lengthFieldTypes)[number], number> = { text: 300, string: 120, textarea: 5000 };

/** What a file field holds: an item uploaded into the record table's space. */
export const fileValueSchema = z.object({
  content_id: z.uuid(),
  name: z.string().max(1000),
  size: z.number().int().min(0),
});
export type FileValue = z.infer<typeof fileValueSchema>;

/**
 * A value as stored: text types, dates, times, select and json (its text)
 * are strings; number and integer numbers; checkboxes and multi-select
 * arrays of option values; file a FileValue; form an object of its fields.
 */
export type FieldValue = string | number | string[] | FileValue | { [key: string]: FieldValue | null } | null;
export type RecordValues = Record<string, FieldValue>;

const fieldKey = () =>
  z.string().regex(FIELD_KEY_PATTERN, 'A field key starts with a lowercase letter and has only lowercase letters, digits and underscores (up to 40)');

const fieldBase = {
  key: fieldKey(),
  label: z.string().trim().min(1, 'Please enter Label').max(80, 'Label must be up to 80 characters'),
  type: z.enum(fieldTypes, { error: 'Please choose a field type' }),
  required: z.boolean().default(false),
  help: z.string().trim().max(200, 'Help text must be up to 200 characters').optional(),
  /** select, multi-select, checkboxes: the choices, each its own value and label. */
  options: z.array(z.string().trim().min(1).max(80)).max(FIELD_MAX_OPTIONS).optional(),
  /** text, string, textarea: characters. */
  min_length: z.number().int().min(0).max(FIELD_TEXT_MAX).optional(),
  max_length: z.number().int().min(1).max(FIELD_TEXT_MAX).optional(),
  /** number, integer. */
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  /** file: allowed extensions (lowercase, no dot) and the largest size in bytes. */
  extensions: z.array(z.string().regex(/^[a-z0-9]{1,10}$/)).max(40).optional(),
  max_bytes: z.number().int().min(1).optional(),
  /** Filled in on a new record. */
  default: z.unknown().optional(),
  /**
   * A field taken out of the template: hidden from forms and the grid, its
   * values kept and exported, its key never reused.
   */
  removed: z.boolean().optional(),
};

/** Each field's own rules about its settings: options where needed, limits in order. */
function checkField(field: { type: FieldType; options?: string[]; min_length?: number; max_length?: number; min?: number; max?: number }, ctx: z.RefinementCtx) {
  const isOptions = (optionFieldTypes as readonly string[]).includes(field.type);
  if (isOptions && !field.options?.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Please add at least one option' });
  if (field.options && new Set(field.options).size !== field.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must be different from each other' });
  if (field.min_length !== undefined && field.max_length !== undefined && field.min_length > field.max_length)
    ctx.addIssue({ code: 'custom', path: ['min_length'], message: 'The shortest length must not be above the longest' });
  if (field.min !== undefined && field.max !== undefined && field.min > field.max)
    ctx.addIssue({ code: 'custom', path: ['min'], message: 'The smallest value must not be above the largest' });
}

/** A field inside a "form" (group) field: any type but another group. */
export const nestedFieldSchema = z.object({ ...fieldBase, type: z.enum(fieldTypes).exclude(['form']) }).superRefine(checkField);

export const fieldSchema = z
  .object({ ...fieldBase, fields: z.array(nestedFieldSchema).max(TEMPLATE_MAX_FIELDS).optional() })
  .superRefine((field, ctx) => {
    checkField(field, ctx);
    if (field.type === 'form' && !field.fields?.length) ctx.addIssue({ code: 'custom', path: ['fields'], message: 'Please add at least one field to the group' });
    if (field.fields && new Set(field.fields.map((f) => f.key)).size !== field.fields.length)
      ctx.addIssue({ code: 'custom', path: ['fields'], message: 'Field keys must be different from each other' });
  });
export type TemplateField = z.infer<typeof fieldSchema>;
export type NestedTemplateField = z.infer<typeof nestedFieldSchema>;
/** A field anywhere in a template. */
export type AnyTemplateField = TemplateField | NestedTemplateField;

export const templateFieldsSchema = z
  .array(fieldSchema)
  .min(1, 'Please add at least one field')
  .max(TEMPLATE_MAX_FIELDS, `A template has up to ${TEMPLATE_MAX_FIELDS} fields`)
  .superRefine((fields, ctx) => {
    if (new Set(fields.map((f) => f.key)).size !== fields.length) ctx.addIssue({ code: 'custom', message: 'Field keys must be different from each other' });
    if (fields.length > 0 && !fields.some((f) => !f.removed)) ctx.addIssue({ code: 'custom', message: 'Please keep at least one field' });
  });

export const templateAbilitiesSchema = z.object({
  /** Change its name, description and fields; never for a built-in template. */
  update: z.boolean(),
  archive: z.boolean(),
});

export const templateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  fields: z.array(fieldSchema),
  /** Shipped with the product (the contact form): read-only. */
  built_in: z.boolean(),
  archived: z.boolean(),
  /** Goes up by one with every change; an update names the version it started from. */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: templateAbilitiesSchema,
});
export type Template = z.infer<typeof templateSchema>;

export const TEMPLATE_NAME_MAX = 80;
const templateName = () => z.string({ error: 'Please enter Name' }).trim().min(1, 'Please enter Name').max(TEMPLATE_NAME_MAX, `Name must be up to ${TEMPLATE_NAME_MAX} characters`);
const templateDescription = () => z.string().trim().max(500, 'Description must be up to 500 characters').default('');

export const createTemplateBody = z.object({ name: templateName(), description: templateDescription(), fields: templateFieldsSchema });
export type CreateTemplateBody = z.input<typeof createTemplateBody>;

/**
 * A change, made on top of `version` (else 409 edit_conflict). A field's
 * type never changes once saved and a field is never dropped, only marked
 * removed (422 otherwise), so records already saved always still read.
 */
export const updateTemplateBody = z.object({
  version: z.number().int().min(1),
  name: templateName().optional(),
  description: z.string().trim().max(500, 'Description must be up to 500 characters').optional(),
  fields: templateFieldsSchema.optional(),
  archived: z.boolean().optional(),
});
export type UpdateTemplateBody = z.input<typeof updateTemplateBody>;

export const templateListQuery = pageQuery.extend({
  /** Archived templates too (for the settings page); new record tables only take live ones. */
  archived: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});

const templateParams = z.object({ template_id: z.uuid() });
const tag = 'templates';

export const templateEndpoints = {
  list: endpoint({
    method: 'GET', path: 'form-templates/', tag, signedIn: true, hub: 'header', summary: "The hub's form templates, built-in first, then by name",
    query: templateListQuery, response: listEnvelope(templateSchema), errors: [400, 401],
  }),
  create: endpoint({
    method: 'POST', path: 'form-templates/', tag, signedIn: true, hub: 'header', requires: { hub: 'manage_templates' }, summary: 'Create a form template (hub editors)',
    body: createTemplateBody, status: 201, response: dataEnvelope(templateSchema), errors: [400, 401, 403, 409],
  }),
  get: endpoint({
    method: 'GET', path: 'form-templates/:template_id/', tag, signedIn: true, hub: 'header', summary: 'One form template',
    params: templateParams, response: dataEnvelope(templateSchema), errors: [401, 404],
  }),
  update: endpoint({
    method: 'PATCH', path: 'form-templates/:template_id/', tag, signedIn: true, hub: 'header', requires: { hub: 'manage_templates' }, summary: 'Change, archive or restore a form template (hub editors)',
    params: templateParams, body: updateTemplateBody, response: dataEnvelope(templateSchema), errors: [400, 401, 403, 404, 409, 422],
  }),
};

/** The built-in contact template's id: the same in every hub. */
export const CONTACT_TEMPLATE_ID = '00000000-0000-4000-8000-00000000c0de';

/** The contact form template (spec §3), as a template. "Add contact" draws and checks it like any other. */
export const contactTemplateFields = [
  { key: 'name', label: 'Name', type: 'text', required: true, max_length: 120 },
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'contact_number', label: 'Contact number', type: 'phone', required: true },
  { key: 'occupation', label: 'Occupation', type: 'text', required: true, max_length: 120 },
  { key: 'company_name', label: 'Company name', type: 'text', required: false, max_length: 120 },
  { key: 'address', label: 'Address', type: 'text', required: true, max_length: 300 },
  { key: 'about', label: 'About', type: 'textarea', required: true, max_length: 2000 },
] as const satisfies readonly TemplateField[];

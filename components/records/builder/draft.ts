import {
  createTemplateBody, type AnyTemplateField, type FieldType, type Template, type TemplateField,
} from '@/lib/contract/templates';

/*
 * The builder's working copy of a template. Every field carries a stable
 * `uid` (drag and drop, React keys) because a new field's key changes as its
 * label is typed; `saved` fields keep their key and type.
 */

export interface DraftField {
  uid: string;
  saved: boolean;
  field: TemplateField;
}

export interface Draft {
  name: string;
  description: string;
  fields: DraftField[];
}

let next = 0;
export const newUid = () => `f${(next += 1)}`;

export function draftOf(template: Template | null): Draft {
  if (!template) return { name: '', description: '', fields: [] };
  return {
    name: template.name,
    description: template.description,
    fields: template.fields.map((field) => ({ uid: newUid(), saved: true, field })),
  };
}

/** A label as a field key: "Contact number" → "contact_number". */
export function slugOf(label: string): string {
  const words = label.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  const key = /^[a-z]/.test(words) ? words : `field_${words}`;
  return key.slice(0, 40).replace(/_+$/, '');
}

/** A key not yet taken among `taken`: the slug, else the slug with a number. */
export function freeKey(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const key = `${base.slice(0, 37)}_${n}`;
    if (!taken.has(key)) return key;
  }
}

/** A new field of `type`, its label and key not yet taken among `siblings`. */
export function newField(type: FieldType, label: string, siblings: readonly AnyTemplateField[]): TemplateField {
  const key = freeKey(slugOf(label), new Set(siblings.map((f) => f.key)));
  const field: TemplateField = { key, label, type, required: false };
  if (type === 'checkboxes' || type === 'select' || type === 'multi-select') field.options = ['Option 1', 'Option 2'];
  if (type === 'form') field.fields = [{ key: 'detail', label: 'Detail', type: 'text', required: false }];
  return field;
}

/**
 * A new label on a field: a field not yet saved follows it with its key
 * while the key still is the old label's slug (the person has not typed one).
 */
export function relabel<F extends AnyTemplateField>(field: F, label: string, saved: boolean, siblings: readonly AnyTemplateField[]): F {
  const derived = !saved && (!field.label.trim() || field.key === slugOf(field.label) || field.key.startsWith(`${slugOf(field.label)}_`));
  if (!derived || !label.trim()) return { ...field, label };
  const taken = new Set(siblings.filter((f) => f !== field).map((f) => f.key));
  return { ...field, label, key: freeKey(slugOf(label), taken) };
}

/** Field errors by path ("fields.2.options", "name"), the first message each. */
export type DraftErrors = Record<string, string>;

/** The whole template checked as the API will: its body schema, plus a duplicate key named at the field (the schema names only the list). */
export function draftErrors(draft: Draft): DraftErrors {
  const errors: DraftErrors = {};
  const fields = draft.fields.map((d) => d.field);
  const parsed = createTemplateBody.safeParse({ name: draft.name, description: draft.description, fields });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  }
  const checkKeys = (list: readonly AnyTemplateField[], path: string) => {
    const seen = new Set<string>();
    list.forEach((field, i) => {
      if (seen.has(field.key)) errors[`${path}.${i}.key`] ??= 'Another field has this key';
      seen.add(field.key);
      if ('fields' in field && field.fields) checkKeys(field.fields, `${path}.${i}.fields`);
    });
  };
  checkKeys(fields, 'fields');
  return errors;
}

/** Errors under `prefix` ("fields.2."), with the prefix taken off. */
export function errorsUnder(errors: DraftErrors, prefix: string): DraftErrors {
  const out: DraftErrors = {};
  for (const [path, message] of Object.entries(errors)) if (path.startsWith(prefix)) out[path.slice(prefix.length)] = message;
  return out;
}

export const move = <T>(list: readonly T[], from: number, to: number): T[] => {
  const out = [...list];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
};

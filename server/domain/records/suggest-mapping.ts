import { contactFields, type ContactFieldName } from '../../../lib/contract/contents';
import type { FieldType, TemplateField } from '../../../lib/contract/templates';
import { valueSchemaOf } from '../../../lib/validation/template-schema';
import { CONTACT_SYNONYMS, normaliseHeader } from '../../processing/extractors/header-synonyms';
import { cellValue, importableFields } from './run-import';

/** A file's column as the preview shows it. */
export interface ImportColumn {
  name: string;
  /** The first few non-empty values. */
  samples: string[];
}

/** Types whose values tell them apart from plain text; a text field is never guessed from values. */
const VALUE_MATCHED: ReadonlySet<FieldType> = new Set<FieldType>([
  'email', 'phone', 'url', 'number', 'integer', 'date', 'time', 'datetime', 'select', 'multi-select', 'checkboxes',
]);

// The contact form's header words also name any email or phone field.
const SYNONYMS_BY_TYPE: Partial<Record<FieldType, ContactFieldName>> = { email: 'email', phone: 'contact_number' };
const isContactField = (key: string): key is ContactFieldName => contactFields.some((f) => f.name === key);

function synonymsOf(field: TemplateField): string[] {
  const byKey = isContactField(field.key) ? CONTACT_SYNONYMS[field.key] : [];
  const byType = SYNONYMS_BY_TYPE[field.type];
  return [...byKey, ...(byType ? CONTACT_SYNONYMS[byType] : [])];
}

/** Whether every sample (there is at least one) passes the field's rule for a filled-in value. */
function samplesFit(field: TemplateField, samples: readonly string[]): boolean {
  if (samples.length === 0) return false;
  const rule = valueSchemaOf(field);
  return samples.every((sample) => rule.safeParse(cellValue(field, sample)).success);
}

/**
 * For each field a file can fill, the column that looks like it, or null:
 * first a header that is the field's key or label, then one of the contact
 * form's header words for it (phone, mobile, tel… for a phone), then a
 * column whose samples all pass the field's rule (emails for an email
 * field, numbers for a number…). Each column goes to one field at most,
 * fields in the template's order.
 */
export function suggestMapping(fields: readonly TemplateField[], columns: readonly ImportColumn[]): Record<string, number | null> {
  const fillable = importableFields(fields);
  const headers = columns.map((column) => normaliseHeader(column.name));
  const taken = new Set<number>();
  const mapping: Record<string, number | null> = Object.fromEntries(fillable.map((f) => [f.key, null]));

  const pass = (matches: (field: TemplateField, index: number) => boolean) => {
    for (const field of fillable) {
      if (mapping[field.key] !== null) continue;
      const index = columns.findIndex((_, i) => !taken.has(i) && matches(field, i));
      if (index < 0) continue;
      mapping[field.key] = index;
      taken.add(index);
    }
  };
  pass((field, i) => headers[i] === normaliseHeader(field.key) || headers[i] === normaliseHeader(field.label));
  pass((field, i) => synonymsOf(field).includes(headers[i] ?? ''));
  pass((field, i) => VALUE_MATCHED.has(field.type) && samplesFit(field, columns[i]?.samples ?? []));
  return mapping;
}

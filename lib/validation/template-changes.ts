import type { AnyTemplateField, TemplateField } from '../contract/templates';

/*
 * What a template change may do to fields already saved, so records saved
 * with the old fields always still read: a field keeps its type and is
 * never dropped (it is marked `removed` instead, which also keeps its key
 * from being reused). The API refuses other changes with 422 and these
 * messages.
 */

export const typeChangedMessage = (label: string) => `${label} keeps its type once saved, so records stay readable`;
export const fieldDroppedMessage = (label: string) => `${label} can't be deleted once saved; mark it removed instead`;

function compare(before: readonly AnyTemplateField[], after: readonly AnyTemplateField[], path: string, errors: Record<string, string[]>) {
  const afterIndex = new Map(after.map((field, index) => [field.key, index]));
  for (const old of before) {
    const index = afterIndex.get(old.key);
    if (index === undefined) {
      (errors[path] ??= []).push(fieldDroppedMessage(old.label));
      continue;
    }
    const now = after[index];
    if (!now) continue;
    if (now.type !== old.type) (errors[`${path}.${index}.type`] ??= []).push(typeChangedMessage(old.label));
    const oldNested = 'fields' in old ? (old.fields ?? []) : [];
    const newNested = 'fields' in now ? (now.fields ?? []) : [];
    if (now.type === old.type && oldNested.length) compare(oldNested, newNested, `${path}.${index}.fields`, errors);
  }
}

/**
 * Why a template's fields may not change from `before` to `after`, keyed by
 * the path in the update body (`fields`, `fields.2.type`,
 * `fields.2.fields.0.type`); empty when the change is allowed.
 */
export function templateChangeErrors(before: TemplateField[], after: TemplateField[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  compare(before, after, 'fields', errors);
  return errors;
}

/** The 409 edit_conflict answer to a template update made on top of an old version. */
export const templateEditConflictMessage =
  'Someone else changed this template while you were editing. Reload to see their changes; yours are kept here until you leave.';

/** The 409 answer to a name another template of the hub (or the built-in one) has. */
export const templateNameTakenMessage = (name: string) => `There is already a template named "${name}"`;

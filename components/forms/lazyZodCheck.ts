import type { z } from 'zod';
import type { FieldCheck } from '@/components/forms/useFormFields';

/**
 * A field check for a page that must not ship zod in its first load: the
 * schema (and zod with it) is imported at the first check, which gives the
 * same first message the server would.
 */
export function lazyZodCheck(loadSchema: () => Promise<z.ZodType>): FieldCheck {
  return async (value) => {
    const result = (await loadSchema()).safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
  };
}

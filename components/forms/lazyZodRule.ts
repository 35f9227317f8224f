import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * zodRule for a page that must not ship zod in its first load: the schema
 * (and zod with it) is imported at the first validation. `required` is given
 * here because it cannot be read from a schema that is not loaded yet.
 */
export function lazyZodRule(loadSchema: () => Promise<z.ZodType>, required: boolean): Rule {
  return {
    required,
    validator: async (_rule, value: unknown) => {
      const result = (await loadSchema()).safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}

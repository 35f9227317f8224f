import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * An antd Form rule that validates with the same zod field schema the server
 * uses, so the client shows exactly the server's rule and message.
 * A schema that rejects `undefined` marks the field as required (aria-required).
 */
export function zodRule(schema: z.ZodType): Rule {
  return {
    required: !schema.safeParse(undefined).success,
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}

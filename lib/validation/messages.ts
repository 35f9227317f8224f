/**
 * The specification's default English form messages. The templates use antd's
 * `${label}` placeholder syntax, so the same object feeds antd's
 * `validateMessages` and the server's zod messages.
 */
export const validateMessages = {
  required: 'Please enter ${label}',
  whitespace: '${label} cannot be a blank character',
  types: {
    email: '${label} is not a valid ${type}',
    number: '${label} is not a valid ${type}',
    integer: '${label} is not a valid ${type}',
    url: '${label} is not a valid ${type}',
  },
  string: {
    min: '${label} must be at least ${min} characters',
    max: '${label} must be up to ${max} characters',
    range: '${label} must be between ${min}-${max}',
  },
} as const;

function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\$\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/**
 * A field as its messages name it: `label` starts a sentence ("Email must
 * be…"), `noun` ends one ("Please enter your email address"). A plain
 * string is both.
 */
export type FieldName = string | { label: string; noun: string };
export const labelOf = (name: FieldName) => (typeof name === 'string' ? name : name.label);
const nounOf = (name: FieldName) => (typeof name === 'string' ? name : name.noun);

export const messages = {
  required: (name: FieldName) => formatMessage(validateMessages.required, { label: nounOf(name) }),
  blank: (label: string) => formatMessage(validateMessages.whitespace, { label }),
  min: (label: string, min: number) => formatMessage(validateMessages.string.min, { label, min }),
  max: (label: string, max: number) => formatMessage(validateMessages.string.max, { label, max }),
  invalid: (label: string, type: string) => formatMessage(validateMessages.types.email, { label, type }),
};

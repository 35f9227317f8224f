import type { FormInstance } from 'antd';
import { errorMessage, fieldErrorsOf } from '@/client/http/clients';

/** A form of the ui controls (useFormFields), as applyServerErrors uses it. */
export interface FieldErrorTarget {
  getFieldsError(): Array<{ name: ReadonlyArray<string | number> }>;
  setFields(fields: Array<{ name: string; errors: string[] }>): void;
}

/**
 * Puts the API's `errors: {field: [msg]}` next to the matching form fields.
 * Returns the message to show above the form when no field took the error
 * (general failures, network errors, errors about fields the form lacks),
 * or null when every error landed on a field.
 */
export function applyServerErrors(form: FormInstance | FieldErrorTarget, error: unknown): string | null {
  const errors = fieldErrorsOf(error) ?? {};
  const known = new Set(form.getFieldsError().map((f) => f.name.join('.')));
  const fields = Object.entries(errors)
    .filter(([name, messages]) => known.has(name) && messages.length > 0)
    .map(([name, messages]) => ({ name, errors: messages }));
  if (fields.length > 0) form.setFields(fields);
  return fields.length > 0 ? null : errorMessage(error);
}

import { Form, Input } from 'antd';
import type { AnyTemplateField, FieldValue } from '@/lib/contract/templates';
import { fieldSchemaOf } from '@/lib/validation/template-schema';
import { zodRule } from '@/components/forms/zodRule';

/*
 * The generic renderer: any template's fields as antd form items, each with
 * the control its type needs and the rule lib/validation/template-schema.ts
 * makes of it. (Interface fixed; the controls are filled in per type.)
 */

export interface FieldControlProps {
  field: AnyTemplateField;
  value?: FieldValue;
  onChange?: (value: FieldValue) => void;
  /** The space a file field uploads into; without it (a preview) file fields cannot upload. */
  spaceId?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
}

/** The input for one field, controlled (antd's Form.Item passes value and onChange). */
export function FieldControl({ field, value, onChange, disabled, autoFocus, id }: FieldControlProps) {
  return (
    <Input
      id={id}
      aria-label={field.label}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      autoFocus={autoFocus}
    />
  );
}

/** One field's antd rule: the template schema's rule and message. */
export const fieldRule = (field: AnyTemplateField) => zodRule(fieldSchemaOf(field));

export interface TemplateFieldsProps {
  fields: readonly AnyTemplateField[];
  spaceId?: string;
  disabled?: boolean;
  /** Prefix of each item's name (a group's key inside a "form" field). */
  namePrefix?: string[];
}

/** Every live field of a template as Form.Items, to be placed inside an antd Form whose values are RecordValues. */
export function TemplateFields({ fields, spaceId, disabled, namePrefix = [] }: TemplateFieldsProps) {
  return (
    <>
      {fields.filter((f) => !f.removed).map((field) => (
        <Form.Item key={field.key} name={[...namePrefix, field.key]} label={field.required ? field.label : `${field.label} (optional)`} extra={field.help} rules={[fieldRule(field)]}>
          <FieldControl field={field} spaceId={spaceId} disabled={disabled} />
        </Form.Item>
      ))}
    </>
  );
}

/** A value shown read-only: a grid cell, a record's page. */
export function FieldValueView({ field, value }: { field: AnyTemplateField; value: unknown }) {
  void field;
  return <span>{value === null || value === undefined ? '' : String(value)}</span>;
}

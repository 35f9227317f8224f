import { Form } from 'antd';
import styled, { css } from 'styled-components';
import { breakpoints } from '@/lib/constants';
import { colors } from '@/lib/palette';
import type { AnyTemplateField, FieldValue, RecordValues } from '@/lib/contract/templates';
import { defaultValuesOf, fieldSchemaOf } from '@/lib/validation/template-schema';
import { zodRule } from '@/components/forms/zodRule';
import { ariaOf, type FieldControlProps } from './fields/control-props';
import { DateTimeControl } from './fields/DateTimeControls';
import { FileControl } from './fields/FileControl';
import { NumberControl } from './fields/NumberControl';
import { OptionControl } from './fields/OptionControls';
import { PhoneControl } from './fields/PhoneControl';
import { AddressControl, JsonControl, TextControl } from './fields/TextControls';

export { FieldValueView, type FieldValueViewProps } from './fields/FieldValueView';
export type { FieldControlProps } from './fields/control-props';

/*
 * The generic renderer: any template's fields as antd form items, each with
 * the control its type needs and the rule lib/validation/template-schema.ts
 * makes of it.
 */

const Group = styled.fieldset`
  min-width: 0;
  margin: 0 0 16px;
  padding: 8px 16px 0;
  border: 1px solid ${colors.border};
  border-radius: 8px;

  legend {
    width: auto;
    margin: 0;
    padding: 0 4px;
    font-size: 14px;
    font-weight: 600;
    border: 0;
  }
`;

/** The input for one field, controlled (antd's Form.Item passes id, value, onChange and aria state). */
export function FieldControl(props: FieldControlProps) {
  const { field } = props;
  switch (field.type) {
    case 'text':
    case 'string':
    case 'textarea':
      return <TextControl {...props} field={{ ...field, type: field.type }} />;
    case 'email':
    case 'url':
      return <AddressControl {...props} field={{ ...field, type: field.type }} />;
    case 'phone':
      return <PhoneControl {...props} />;
    case 'json':
      return <JsonControl {...props} />;
    case 'number':
    case 'integer':
      return <NumberControl {...props} />;
    case 'date':
    case 'time':
    case 'datetime':
      return <DateTimeControl {...props} field={{ ...field, type: field.type }} />;
    case 'select':
    case 'multi-select':
    case 'checkboxes':
      return <OptionControl {...props} field={{ ...field, type: field.type }} />;
    case 'file':
      return <FileControl {...props} />;
    case 'form':
      return <GroupControl {...props} />;
  }
}

/** A group edited on its own (a grid cell): each of its fields, labelled, changing its part of the object. */
function GroupControl(props: FieldControlProps) {
  const { field, value, onChange } = props;
  const nested = typeof value === 'object' && value !== null && !Array.isArray(value) && !('content_id' in value) ? value : {};
  const { id, ...aria } = ariaOf(props);
  return (
    <Group id={id} {...aria}>
      <legend>{field.label}</legend>
      {('fields' in field ? (field.fields ?? []) : [])
        .filter((f) => !f.removed)
        .map((f) => (
          <Form.Item key={f.key} label={labelOf(f)} htmlFor={`${id ?? field.key}_${f.key}`}>
            <FieldControl
              field={f}
              id={`${id ?? field.key}_${f.key}`}
              spaceId={props.spaceId}
              disabled={props.disabled}
              value={nested[f.key] ?? null}
              onChange={(next) => onChange?.({ ...nested, [f.key]: next })}
            />
          </Form.Item>
        ))}
    </Group>
  );
}

/** One field's antd rule: the template schema's rule and message (a required field is aria-required). */
export const fieldRule = (field: AnyTemplateField) => zodRule(fieldSchemaOf(field));

const labelOf = (field: AnyTemplateField) => (field.required ? field.label : `${field.label} (optional)`);

/** The values a new record's form starts with: each field's default, a group's from its own fields. */
export function initialValuesOf(fields: readonly AnyTemplateField[]): RecordValues {
  const values = defaultValuesOf(fields);
  for (const field of fields) {
    if (field.removed || field.type !== 'form' || !('fields' in field) || field.key in values) continue;
    const nested = defaultValuesOf(field.fields ?? []);
    if (Object.keys(nested).length > 0) values[field.key] = nested as { [key: string]: FieldValue };
  }
  return values;
}

// Fields that need the whole width when the form has two columns.
const WIDE_TYPES: ReadonlySet<AnyTemplateField['type']> = new Set(['textarea', 'json', 'form', 'checkboxes', 'file']);

const Columns = styled.div<{ $columns: boolean }>`
  ${({ $columns }) =>
    $columns &&
    css`
      display: grid;
      grid-template-columns: minmax(0, 1fr);
      column-gap: 16px;

      @media (min-width: ${breakpoints.sm}px) {
        grid-template-columns: repeat(2, minmax(0, 1fr));

        > .wide {
          grid-column: 1 / -1;
        }
      }
    `}
`;

export interface TemplateFieldsProps {
  fields: readonly AnyTemplateField[];
  spaceId?: string;
  disabled?: boolean;
  /** Prefix of each item's name (a group's key inside a "form" field). */
  namePrefix?: string[];
  /** Two columns on wide screens; paragraphs, JSON, files, checkboxes and groups (and `wideKeys`) span both. */
  columns?: boolean;
  /** Fields given the whole width in two columns, besides the wide types. */
  wideKeys?: readonly string[];
}

/** Every live field of a template as Form.Items, to be placed inside an antd Form whose values are RecordValues. */
export function TemplateFields({ fields, spaceId, disabled, namePrefix = [], columns = false, wideKeys = [] }: TemplateFieldsProps) {
  const items = fields
    .filter((f) => !f.removed)
    .map((field) => {
      const wide = columns && (WIDE_TYPES.has(field.type) || wideKeys.includes(field.key)) ? 'wide' : undefined;
      if (field.type === 'form') {
        // A group's fields are items of their own (name [group, field]), so each shows its message next to it.
        return (
          <Group key={field.key} className={wide}>
            <legend>{labelOf(field)}</legend>
            <TemplateFields fields={'fields' in field ? (field.fields ?? []) : []} spaceId={spaceId} disabled={disabled} namePrefix={[...namePrefix, field.key]} />
          </Group>
        );
      }
      return (
        <Form.Item key={field.key} className={wide} name={[...namePrefix, field.key]} label={labelOf(field)} extra={field.help} rules={[fieldRule(field)]}>
          <FieldControl field={field} spaceId={spaceId} disabled={disabled} />
        </Form.Item>
      );
    });
  return columns ? <Columns $columns>{items}</Columns> : <>{items}</>;
}

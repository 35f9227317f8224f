import type { AnyTemplateField, FieldValue } from '@/lib/contract/templates';

/** What every field control takes: antd's Form.Item passes id, value, onChange and the aria state. */
export interface FieldControlProps {
  field: AnyTemplateField;
  value?: FieldValue;
  onChange?: (value: FieldValue) => void;
  /** The space a file field uploads into; without it (a preview) file fields cannot upload. */
  spaceId?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
  'aria-required'?: boolean | 'true' | 'false';
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

/** The aria state Form.Item hands a control, for the element that takes the input. */
export function ariaOf(props: FieldControlProps) {
  return {
    id: props.id,
    'aria-label': props.field.label,
    'aria-required': props['aria-required'],
    'aria-invalid': props['aria-invalid'],
    'aria-describedby': props['aria-describedby'],
  };
}

export const textOf = (value: FieldValue | undefined) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

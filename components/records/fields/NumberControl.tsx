import { InputNumber } from 'antd';
import { ariaOf, type FieldControlProps } from './control-props';

/** The range as a hint ("1 to 10", "0 or more"). */
function rangeHint(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  if (min !== undefined) return `${min} or more`;
  return max !== undefined ? `${max} or less` : undefined;
}

/**
 * number, integer: the value is a number, null when cleared. The range is
 * not clamped by the box (that would change what was typed without a word):
 * a value outside it gets the field's message.
 */
export function NumberControl(props: FieldControlProps) {
  const { field, value, onChange, disabled, autoFocus } = props;
  const integer = field.type === 'integer';
  return (
    <InputNumber<number>
      {...ariaOf(props)}
      style={{ width: '100%' }}
      value={typeof value === 'number' ? value : null}
      onChange={(next) => onChange?.(next ?? null)}
      precision={integer ? 0 : undefined}
      inputMode={integer && (field.min ?? 0) >= 0 ? 'numeric' : 'decimal'}
      placeholder={rangeHint(field.min, field.max)}
      aria-valuemin={field.min}
      aria-valuemax={field.max}
      disabled={disabled}
      autoFocus={autoFocus}
    />
  );
}

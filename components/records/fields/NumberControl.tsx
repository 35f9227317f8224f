import { useState } from 'react';
import { Input } from 'antd';
import { ariaOf, type FieldControlProps } from './control-props';

/** The range as a hint ("1 to 10", "0 or more"). */
function rangeHint(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  if (min !== undefined) return `${min} or more`;
  return max !== undefined ? `${max} or less` : undefined;
}

/** Typed text as the value handed on: null when empty, a number when it reads as one, else the text itself (refused by the field's rule). */
function valueOfText(text: string): number | string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : text;
}

const textOfValue = (value: FieldControlProps['value']) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '');

/**
 * number, integer: the value is a number, null when cleared. What was typed
 * stays as typed: a value outside the range, a fraction in a whole-number
 * field or text that is not a number gets the field's message rather than
 * being clamped, rounded or dropped without a word.
 */
export function NumberControl(props: FieldControlProps) {
  const { field, value, onChange, disabled, autoFocus } = props;
  const [text, setText] = useState(() => textOfValue(value));
  // A value set from outside (a reset, a default, a saved record): show it.
  if (valueOfText(text) !== (value ?? null)) setText(textOfValue(value));
  const integer = field.type === 'integer';
  return (
    <Input
      {...ariaOf(props)}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(valueOfText(e.target.value));
      }}
      inputMode={integer && (field.min ?? 0) >= 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      placeholder={rangeHint(field.min, field.max)}
      disabled={disabled}
      autoFocus={autoFocus}
    />
  );
}

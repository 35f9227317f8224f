import { Button, Input } from 'antd';
import styled from 'styled-components';
import { defaultMaxLength, FIELD_TEXT_MAX } from '@/lib/contract/templates';
import { ariaOf, textOf, type FieldControlProps } from './control-props';

// The count appears once the text is this share of its limit: earlier it is noise.
const COUNT_FROM = 0.8;

/** text, string, textarea: a line or a paragraph, kept within the field's character limit. */
export function TextControl(props: FieldControlProps & { field: { type: 'text' | 'string' | 'textarea' } }) {
  const { field, value, onChange, disabled, autoFocus } = props;
  const text = textOf(value);
  const max = Math.min(field.max_length ?? defaultMaxLength[field.type], FIELD_TEXT_MAX);
  if (field.type === 'textarea') {
    return (
      <Input.TextArea
        {...ariaOf(props)}
        value={text}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 10 }}
        maxLength={max}
        showCount
        disabled={disabled}
        autoFocus={autoFocus}
      />
    );
  }
  return (
    <Input
      {...ariaOf(props)}
      value={text}
      onChange={(e) => onChange?.(e.target.value)}
      maxLength={max}
      showCount={text.length >= max * COUNT_FROM}
      // A code or identifier is typed exactly: no autocorrect or capitals.
      {...(field.type === 'string' ? { autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } : {})}
      disabled={disabled}
      autoFocus={autoFocus}
    />
  );
}

/** email and url: a line the phone keyboard fits. */
export function AddressControl(props: FieldControlProps & { field: { type: 'email' | 'url' } }) {
  const { field, value, onChange, disabled, autoFocus } = props;
  const email = field.type === 'email';
  return (
    <Input
      {...ariaOf(props)}
      type={email ? 'email' : 'url'}
      inputMode={email ? 'email' : 'url'}
      autoComplete={email ? 'email' : 'url'}
      placeholder={email ? undefined : 'https://…'}
      maxLength={email ? 254 : 2000}
      value={textOf(value)}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      autoFocus={autoFocus}
    />
  );
}

const Code = styled(Input.TextArea)`
  && {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 13px;
  }
`;

const JsonActions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 4px;
`;

function formatted(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

/** json: its text in a monospace box; "Format" lays valid JSON out (invalid JSON gets the field's message). */
export function JsonControl(props: FieldControlProps) {
  const { value, onChange, disabled, autoFocus, field } = props;
  const text = textOf(value);
  const pretty = text.trim() ? formatted(text) : null;
  return (
    <>
      <Code
        {...ariaOf(props)}
        value={text}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: 4, maxRows: 14 }}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        disabled={disabled}
        autoFocus={autoFocus}
      />
      <JsonActions>
        <Button size="small" disabled={disabled || pretty === null || pretty === text} onClick={() => pretty !== null && onChange?.(pretty)} aria-label={`Format ${field.label}`}>
          Format
        </Button>
      </JsonActions>
    </>
  );
}

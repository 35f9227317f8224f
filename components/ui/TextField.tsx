import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import styled from 'styled-components';
import { colors } from '@/lib/palette';
import { tokens } from './tokens';

const LabelRow = styled.div`
  padding-bottom: 8px;
`;

/** As tall as the input, text centred: antd's large vertical form. */
const Label = styled.label`
  display: inline-flex;
  align-items: center;
  height: ${tokens.controlHeightLG}px;
  font-size: ${tokens.fontSize}px;
  line-height: 1.5715;
  color: ${tokens.text};
`;

/** The input's box: the border is here so a suffix (show password) sits inside it. */
const Box = styled.span<{ $invalid: boolean }>`
  display: flex;
  align-items: center;
  width: 100%;
  padding: 7px 11px;
  border: 1px solid ${({ $invalid }) => ($invalid ? tokens.error : tokens.border)};
  border-radius: ${tokens.radiusLG}px;
  background: ${colors.white};
  transition: all ${tokens.motion};

  &:hover {
    border-color: ${({ $invalid }) => ($invalid ? tokens.errorHover : tokens.primaryHover)};
  }

  &:focus-within {
    border-color: ${({ $invalid }) => ($invalid ? tokens.error : tokens.primary)};
    box-shadow: 0 0 0 2px ${({ $invalid }) => ($invalid ? tokens.errorRing : tokens.outline)};
  }

  input {
    flex: 1;
    min-width: 0;
    padding: 0;
    border: 0;
    outline: 0;
    background: transparent;
    font-family: inherit;
    font-size: ${tokens.fontSizeLG}px;
    line-height: 1.5;
    color: ${tokens.text};
  }

  input::placeholder {
    color: ${tokens.placeholder};
  }

  input:disabled {
    cursor: not-allowed;
  }
`;

const Suffix = styled.span`
  display: flex;
  margin-inline-start: 4px;
`;

/** The messages take the 24px gap under the field, so showing one does not move the form. */
const Messages = styled.div`
  min-height: 24px;
`;

const Help = styled.div<{ $error?: boolean }>`
  font-size: ${tokens.fontSize}px;
  line-height: 1.5715;
  color: ${({ $error }) => ($error ? tokens.error : tokens.textSecondary)};
`;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's validation message, shown under it and announced with it. */
  error?: string | null;
  /** Help text under the field. */
  extra?: ReactNode;
  /** A control inside the box, after the text (show password). */
  suffix?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled large input with its message underneath, as the antd forms lay it out. */
export function TextField({ id, label, value, onChange, error, extra, suffix, ref, ...input }: TextFieldProps) {
  const errorId = `${id}_help`;
  const extraId = `${id}_extra`;
  const describedBy = [error && errorId, extra && extraId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <LabelRow>
        <Label htmlFor={id}>{label}</Label>
      </LabelRow>
      <Box $invalid={Boolean(error)}>
        <input
          {...input}
          id={id}
          ref={ref}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {suffix && <Suffix>{suffix}</Suffix>}
      </Box>
      <Messages>
        {error && (
          <Help id={errorId} $error>
            {error}
          </Help>
        )}
        {extra && <Help id={extraId}>{extra}</Help>}
      </Messages>
    </div>
  );
}

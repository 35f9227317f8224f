import { useState } from 'react';
import styled from 'styled-components';
import { EyeIcon, EyeInvisibleIcon } from './icons';
import { TextField, type TextFieldProps } from './TextField';
import { tokens } from './tokens';

const Toggle = styled.button`
  display: flex;
  padding: 0;
  border: 0;
  background: none;
  font-size: ${tokens.fontSize}px;
  color: ${tokens.textSecondary};
  cursor: pointer;
  transition: color ${tokens.motion};

  &:hover {
    color: ${tokens.text};
  }

  &:focus-visible {
    outline: 2px solid ${tokens.primary};
    outline-offset: 2px;
    border-radius: 2px;
  }
`;

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'suffix'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <Toggle type="button" aria-label="Show password" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? <EyeIcon /> : <EyeInvisibleIcon />}
        </Toggle>
      }
    />
  );
}

import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { colors } from '@/lib/palette';
import { tokens } from './tokens';

const spin = keyframes`
  to {
    transform: rotate(360deg);
  }
`;

/** antd's LoadingOutlined: the arc a busy button shows before its text. */
const LoadingArc = styled.svg`
  width: 1em;
  height: 1em;
  fill: currentColor;
  animation: ${spin} 1s linear infinite;
`;

type Variant = 'primary' | 'default';

const variants: Record<Variant, ReturnType<typeof css>> = {
  primary: css`
    color: ${colors.white};
    background: ${tokens.primaryFill};
    border-color: transparent;
    box-shadow: 0 2px 0 ${tokens.outline};

    &:not(:disabled):hover {
      background: ${tokens.primaryActive};
    }

    &:not(:disabled):active {
      background: ${tokens.primaryFillActive};
    }
  `,
  default: css`
    color: ${tokens.text};
    background: ${colors.white};
    border-color: ${tokens.border};
    box-shadow: 0 2px 0 rgba(0, 0, 0, 0.02);

    &:not(:disabled):hover {
      color: ${tokens.primaryHover};
      border-color: ${tokens.primaryHover};
    }

    &:not(:disabled):active {
      color: ${tokens.primaryActive};
      border-color: ${tokens.primaryActive};
    }
  `,
};

const Base = styled.button<{ $variant: Variant; $block: boolean; $loading: boolean }>`
  display: ${({ $block }) => ($block ? 'flex' : 'inline-flex')};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  align-items: center;
  justify-content: center;
  gap: 8px;
  height: ${tokens.controlHeightLG}px;
  padding: 0 15px;
  border: 1px solid;
  border-radius: ${tokens.radiusLG}px;
  font-family: inherit;
  font-size: ${tokens.fontSizeLG}px;
  font-weight: 400;
  line-height: 1.5;
  white-space: nowrap;
  cursor: pointer;
  transition: all ${tokens.motion};
  ${({ $variant }) => variants[$variant]}

  &:focus-visible {
    outline: 3px solid ${tokens.primaryHover};
    outline-offset: 1px;
  }

  &:disabled {
    cursor: not-allowed;
    ${({ $loading }) =>
      $loading
        ? css`
            opacity: 0.65;
            cursor: default;
          `
        : css`
            color: ${tokens.disabledText};
            background: ${tokens.disabledBg};
            border-color: ${tokens.border};
            box-shadow: none;
          `}
  }

  > svg {
    flex: none;
  }
`;

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: Variant;
  /** Fills the width of its container. */
  block?: boolean;
  /** Shows progress and refuses clicks. */
  loading?: boolean;
  /** Drawn before the text; the loading arc takes its place while loading. */
  icon?: ReactNode;
  type?: 'button' | 'submit';
  ref?: Ref<HTMLButtonElement>;
}

/** The app's large button, primary or plain, the way antd draws it. */
export function Button({ variant = 'default', block = false, loading = false, icon, type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <Base
      {...rest}
      type={type}
      $variant={variant}
      $block={block}
      $loading={loading}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? (
        <LoadingArc viewBox="0 0 1024 1024" aria-hidden="true" focusable="false">
          <path d="M988 548c-19.9 0-36-16.1-36-36 0-59.4-11.6-117-34.6-171.3a440.45 440.45 0 00-94.3-139.9 437.71 437.71 0 00-139.9-94.3C629 83.6 571.4 72 512 72c-19.9 0-36-16.1-36-36s16.1-36 36-36c69.1 0 136.2 13.5 199.3 40.3C772.3 66 827 103 874 150c47 47 83.9 101.8 109.7 162.7 26.7 63.1 40.2 130.2 40.2 199.3.1 19.9-16 36-35.9 36z" />
        </LoadingArc>
      ) : (
        icon
      )}
      <span>{children}</span>
    </Base>
  );
}

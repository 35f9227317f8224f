import styled, { keyframes } from 'styled-components';
import { tokens } from './tokens';

const rotate = keyframes`
  to {
    transform: rotate(405deg);
  }
`;

const fade = keyframes`
  to {
    opacity: 1;
  }
`;

/** Four dots turning, as antd's Spin draws them; decorative, so the caller names the busy state. */
const Dots = styled.span<{ $size: number }>`
  position: relative;
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  color: ${tokens.primary};
  transform: rotate(45deg);
  animation: ${rotate} 1.2s linear infinite;

  i {
    position: absolute;
    display: block;
    width: ${({ $size }) => ($size - 4) / 2}px;
    height: ${({ $size }) => ($size - 4) / 2}px;
    border-radius: 100%;
    background: currentColor;
    opacity: 0.3;
    transform: scale(0.75);
    animation: ${fade} 1s linear infinite alternate;
  }

  i:nth-child(1) {
    top: 0;
    left: 0;
  }

  i:nth-child(2) {
    top: 0;
    right: 0;
    animation-delay: 0.4s;
  }

  i:nth-child(3) {
    right: 0;
    bottom: 0;
    animation-delay: 0.8s;
  }

  i:nth-child(4) {
    bottom: 0;
    left: 0;
    animation-delay: 1.2s;
  }

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 3s;
  }
`;

/** A loading indicator in the primary colour (`large` is the full-page one). */
export function Spinner({ size = 'default' }: { size?: 'default' | 'large' }) {
  return (
    <Dots $size={size === 'large' ? 32 : 20} aria-hidden="true">
      <i />
      <i />
      <i />
      <i />
    </Dots>
  );
}

import styled, { keyframes } from 'styled-components';
import { colors } from '@/lib/palette';

const shimmer = keyframes`
  from {
    background-position: 100% 0;
  }

  to {
    background-position: 0 0;
  }
`;

/**
 * A grey placeholder where text or a control will be, drawn without antd so
 * it can be in the first HTML of any page. Decorative: the area around it says
 * it is loading.
 */
export const SkeletonBlock = styled.span.attrs({ 'aria-hidden': true })<{ $width?: string; $height?: number; $round?: boolean }>`
  display: block;
  flex: none;
  width: ${({ $width = '100%' }) => $width};
  max-width: 100%;
  height: ${({ $height = 16 }) => $height}px;
  border-radius: ${({ $round, $height = 16 }) => ($round ? '50%' : `${Math.min(8, $height / 2)}px`)};
  background: linear-gradient(90deg, ${colors.fill} 25%, ${colors.border} 37%, ${colors.fill} 63%);
  background-size: 400% 100%;
  animation: ${shimmer} 1.4s ease infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

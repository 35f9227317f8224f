import Link from 'next/link';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';

/** A client-side link that looks like the primary large button (navigation, not an action). */
export const ButtonLink = styled(Link)`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  height: 40px;
  padding: 0 16px;
  border-radius: 8px;
  font-size: 16px;
  font-weight: 500;
  color: ${colors.white};
  background: ${theme.primaryColor};
  box-shadow: 0 2px 0 rgba(121, 108, 255, 0.1);
  transition: background 0.2s;

  &:hover,
  &:focus-visible {
    color: ${colors.white};
    background: ${colors.primaryLight};
  }
`;

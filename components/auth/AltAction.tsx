import styled from 'styled-components';
import { colors } from '@/lib/palette';

/** The "Already have an account? Sign in" line under an auth form. */
export const AltAction = styled.p`
  margin: 24px 0 0;
  text-align: center;
  font-size: 14px;
  color: ${colors.textSecondary};

  a {
    font-weight: 500;
  }
`;

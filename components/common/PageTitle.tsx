import styled from 'styled-components';
import { colors } from '@/lib/palette';

/** A page's h1 with an optional line under it, as the hub's own pages (settings, search) open. */
export const PageTitle = styled.header`
  margin-bottom: 24px;

  h1 {
    margin: 0;
    font-size: 26px;
    font-weight: 600;
    letter-spacing: -0.02em;
    color: ${colors.heading};
  }

  p {
    margin: 6px 0 0;
    font-size: 14px;
    color: ${colors.textSecondary};
    overflow-wrap: anywhere;
  }
`;

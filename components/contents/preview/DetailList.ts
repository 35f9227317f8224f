import styled from 'styled-components';
import { colors } from '@/lib/palette';

/** Labels and their values in two columns (a <dl>), the labels muted and long values wrapped. */
export const DetailList = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 6px 14px;
  margin: 0;
  font-size: 14px;

  dt {
    color: ${colors.textSecondary};
  }

  dd {
    margin: 0;
    color: ${colors.textStrong};
    overflow-wrap: anywhere;
  }
`;

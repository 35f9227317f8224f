import styled from 'styled-components';
import { colors } from '@/lib/palette';

/** Short facts about an item on one line, each span parted from the last by a middle dot. */
export const MetaLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 2px 6px;
  margin-top: 2px;
  font-size: 13px;
  color: ${colors.textSecondary};

  > span + span::before {
    content: '·';
    margin-right: 6px;
    color: ${colors.textQuaternary};
  }
`;

import styled from 'styled-components';

/** Short facts about an item on one line, each span parted from the last by a middle dot. */
export const MetaLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 2px 6px;
  margin-top: 2px;
  font-size: 13px;
  color: #6b6a80;

  > span + span::before {
    content: '·';
    margin-right: 6px;
    color: #b3b2c4;
  }
`;

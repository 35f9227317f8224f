import styled from 'styled-components';

/** Labels and their values in two columns (a <dl>), the labels muted and long values wrapped. */
export const DetailList = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 6px 14px;
  margin: 0;
  font-size: 14px;

  dt {
    color: #6b6a80;
  }

  dd {
    margin: 0;
    color: #26252f;
    overflow-wrap: anywhere;
  }
`;

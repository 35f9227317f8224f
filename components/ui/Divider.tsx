import styled from 'styled-components';
import { tokens } from './tokens';

const Line = styled.div`
  display: flex;
  align-items: center;
  margin: 16px 0;
  font-size: ${tokens.fontSize}px;
  line-height: 1.5715;
  color: ${tokens.text};
  white-space: nowrap;

  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${tokens.split};
  }

  span {
    padding: 0 1em;
  }
`;

/** A horizontal rule with words in the middle ("or"). */
export function Divider({ children }: { children: string }) {
  return (
    <Line role="separator">
      <span>{children}</span>
    </Line>
  );
}

import type { ReactNode } from 'react';
import styled from 'styled-components';
import { colors } from '@/lib/palette';

const Box = styled.section`
  padding: 20px 22px;
  border: 1px solid ${colors.border};
  border-radius: 14px;
  background: ${colors.white};

  > header {
    display: flex;
    /* On a phone an action beside the title moves under it rather than out of the box. */
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    margin-bottom: 16px;
  }

  h2 {
    margin: 0;
    font-size: 13px;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${colors.textTertiary};
  }
`;

/** A titled white box (hub home, settings, space page); `id` makes it a link target. */
export function Panel({ title, aside, id, children }: { title: string; aside?: ReactNode; id?: string; children: ReactNode }) {
  return (
    <Box aria-label={title} id={id}>
      <header>
        <h2>{title}</h2>
        {aside}
      </header>
      {children}
    </Box>
  );
}

import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';

const Heading = styled.header`
  margin-bottom: 28px;

  .eyebrow {
    display: block;
    margin-bottom: 10px;
    font-size: 12px;
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${theme.primaryColor};
  }

  h1 {
    margin: 0 0 8px;
    font-size: 27px;
    font-weight: 600;
    line-height: 1.25;
    letter-spacing: -0.02em;
    color: ${colors.heading};
  }

  p {
    margin: 0;
    font-size: 15px;
    line-height: 1.55;
    color: ${colors.textSecondary};
  }
`;

/** The title block of a form card: optional content above (eyebrow, progress), title, subtitle. */
export function FormHeading({ above, title, subtitle }: { above?: ReactNode; title: string; subtitle?: ReactNode }) {
  return (
    <Heading>
      {above}
      <h1>{title}</h1>
      {subtitle && <p>{subtitle}</p>}
    </Heading>
  );
}

import Link from 'next/link';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';

const Mark = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  font-size: 18px;
  font-weight: 700;
  letter-spacing: -0.02em;
  color: ${colors.heading};

  &:hover {
    color: ${colors.heading};
  }
`;

/** The Convene logo: a rounded mark of three joined circles and the name. */
export function Wordmark({ href = '/' }: { href?: string }) {
  return (
    <Mark href={href} aria-label="Convene home">
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
        <rect width="28" height="28" rx="8" fill={theme.primaryColor} />
        <circle cx="10.5" cy="11" r="3.5" fill={colors.white} />
        <circle cx="17.5" cy="11" r="3.5" fill={colors.white} fillOpacity="0.7" />
        <circle cx="14" cy="17.5" r="3.5" fill={colors.white} fillOpacity="0.85" />
      </svg>
      <span>Convene</span>
    </Mark>
  );
}

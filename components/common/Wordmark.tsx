import Link from 'next/link';
import styled from 'styled-components';
import { breakpoints, theme } from '@/lib/constants';
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

  /* Where the bar is crowded (the app's header on a phone), the mark alone. */
  @media (max-width: ${breakpoints.sm}px) {
    &.compact span {
      display: none;
    }
  }
`;

/** The Convene logo: a rounded mark of three joined circles and the name (`compact`: the mark alone on phones). */
export function Wordmark({ href = '/', compact = false }: { href?: string; compact?: boolean }) {
  return (
    <Mark href={href} aria-label="Convene home" className={compact ? 'compact' : undefined}>
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

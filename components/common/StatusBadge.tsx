import type { ReactNode } from 'react';
import styled from 'styled-components';
import { badgeBackground, statusColors, type BadgeStatus } from '@/lib/constants';
import type { Role } from '@/lib/contract/settings';
import { colors, readableOnTint } from '@/lib/palette';
import { roleBadge, roleLabels } from './roles';

/** A badge's tone: a status colour, or neutral for what needs no attention. */
export type BadgeTone = BadgeStatus | 'neutral';

// The text deepens the status colour so it reads on its tint; the tint itself is the spec's.
const toneColour = (tone: BadgeTone): string => (tone === 'neutral' ? colors.textSoft : readableOnTint(statusColors[tone]));

const Pill = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 12px;
  font-weight: 500;
  line-height: 20px;
  white-space: nowrap;
  color: ${({ $tone }) => toneColour($tone)};
  background: ${({ $tone }) => ($tone === 'neutral' ? `${colors.textSoft}22` : badgeBackground($tone))};

  &::before {
    content: '';
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: currentColor;
  }
`;

/** The spec's badge: the status colour on the same colour with alpha 22. */
export function StatusBadge({ status, children }: { status: BadgeTone; children: ReactNode }) {
  return <Pill $tone={status}>{children}</Pill>;
}

/** A role, in the one colour that role has on every page. */
export function RoleBadge({ role }: { role: Role }) {
  return <StatusBadge status={roleBadge[role]}>{roleLabels[role]}</StatusBadge>;
}

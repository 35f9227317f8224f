import type { ReactNode } from 'react';
import styled from 'styled-components';
import { badgeBackground, statusColors, type BadgeStatus } from '@/lib/constants';

const Pill = styled.span<{ $status: BadgeStatus }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 12px;
  font-weight: 500;
  line-height: 20px;
  white-space: nowrap;
  color: ${({ $status }) => statusColors[$status]};
  background: ${({ $status }) => badgeBackground($status)};

  &::before {
    content: '';
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: currentColor;
  }
`;

/** The spec's badge: the status colour on the same colour with alpha 22. */
export function StatusBadge({ status, children }: { status: BadgeStatus; children: ReactNode }) {
  return <Pill $status={status}>{children}</Pill>;
}

import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: 28px 12px 16px;
  text-align: center;

  .icon {
    display: grid;
    place-items: center;
    width: 56px;
    height: 56px;
    margin-bottom: 16px;
    border-radius: 16px;
    font-size: 24px;
    color: ${theme.primaryColor};
    background: ${theme.primaryColor}14;
  }

  > h2,
  > h3 {
    margin: 0 0 6px;
    font-size: 16px;
    font-weight: 600;
    color: ${colors.heading};
  }

  > p {
    max-width: 440px;
    margin: 0 0 16px;
    font-size: 14px;
    line-height: 1.6;
    color: ${colors.textSecondary};
  }
`;

interface EmptyStateProps {
  title: ReactNode;
  /** The explanation under the title. */
  children: ReactNode;
  icon?: ReactNode;
  /** What to do about it, such as a button to add the first item. */
  action?: ReactNode;
  /** h2 where the state fills a page, h3 inside a panel: it keeps the page's outline. */
  heading?: 'h2' | 'h3';
  className?: string;
}

/** Why a list or a page shows nothing, and what would fill it. */
export function EmptyState({ title, children, icon, action, heading: Heading = 'h3', className }: EmptyStateProps) {
  return (
    <Box className={className}>
      {icon && (
        <span className="icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <Heading>{title}</Heading>
      <p>{children}</p>
      {action}
    </Box>
  );
}

import type { ReactNode } from 'react';
import styled from 'styled-components';
import { breakpoints, theme } from '@/lib/constants';
import type { HubSummary } from '@/lib/contract/hubs';
import { colors } from '@/lib/palette';
import { HubAvatar } from '@/components/common/HubAvatar';

const Card = styled.section`
  display: grid;
  gap: 16px;
  padding: 28px 20px;
  border: 1px solid ${colors.border};
  border-radius: 16px;
  background: ${colors.white};
  box-shadow: 0 1px 2px rgba(22, 22, 29, 0.04), 0 12px 32px -16px rgba(22, 22, 29, 0.12);

  @media (min-width: ${breakpoints.sm}px) {
    padding: 32px 36px;
  }

  .eyebrow {
    font-size: 12px;
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${theme.primaryColor};
  }

  h1 {
    margin: 0;
    font-size: 24px;
    font-weight: 600;
    line-height: 1.25;
    letter-spacing: -0.02em;
    color: ${colors.heading};
    overflow-wrap: anywhere;
  }

  .hub {
    display: flex;
    align-items: center;
    gap: 14px;
    min-width: 0;
  }

  .hub strong {
    display: block;
    font-size: 16px;
    color: ${colors.heading};
    overflow-wrap: anywhere;
  }

  .hub .meta {
    font-size: 13px;
    color: ${colors.textSecondary};
  }

  p {
    margin: 0;
    font-size: 14px;
    line-height: 1.6;
    color: ${colors.text};
    overflow-wrap: anywhere;
  }

  p.alt {
    text-align: center;
    color: ${colors.textSecondary};
  }
`;

type HubFace = Pick<HubSummary, 'name' | 'domain_handle' | 'description' | 'colour'>;

interface HubPreviewCardProps {
  eyebrow: string;
  title: string;
  hub: HubFace;
  /** One sentence on why the visitor sees this hub. */
  details: string;
  meta?: string;
  children: ReactNode;
}

/** A hub seen from outside (invitation, join link): who it is, why you are here, and what you can do. */
export function HubPreviewCard({ eyebrow, title, hub, details, meta, children }: HubPreviewCardProps) {
  return (
    <Card aria-labelledby="hub-preview-title">
      <span className="eyebrow">{eyebrow}</span>
      <h1 id="hub-preview-title">{title}</h1>
      <div className="hub">
        <HubAvatar name={hub.name} colour={hub.colour} size={48} />
        <div style={{ minWidth: 0 }}>
          <strong>{hub.name}</strong>
          <span className="meta">
            @{hub.domain_handle}
            {meta ? ` · ${meta}` : ''}
          </span>
        </div>
      </div>
      {hub.description && <p>{hub.description}</p>}
      <p>{details}</p>
      {children}
    </Card>
  );
}

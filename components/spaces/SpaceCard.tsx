import type { ReactNode } from 'react';
import Link from 'next/link';
import { TeamOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import type { Space } from '@/lib/contract/spaces';
import { colors } from '@/lib/palette';
import { useAuthStore } from '@/store/auth';
import { StatusBadge } from '@/components/common/StatusBadge';
import { memberCount } from '@/components/common/memberCount';
import { roleLabels } from '@/components/common/roles';
import { rememberOpenedSpace } from './openedSpace';
import { spaceVisibilityBadge, spaceVisibilityLabel } from './visibility';

const Card = styled.article`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: 12px 16px;
  padding: 16px 18px;
  border: 1px solid ${colors.border};
  border-radius: 12px;
  background: ${colors.white};
  transition: border-color 0.2s;

  &:hover {
    border-color: ${theme.primaryColor}66;
  }

  h3 {
    margin: 0;
    font-size: 16px;
    font-weight: 600;
    line-height: 1.35;
    overflow-wrap: anywhere;
  }

  h3 a {
    color: ${colors.heading};
  }

  h3 a:hover,
  h3 a:focus-visible {
    color: ${theme.primaryColor};
  }
`;

const Description = styled.p`
  display: -webkit-box;
  margin: 4px 0 0;
  overflow: hidden;
  font-size: 14px;
  line-height: 1.5;
  color: ${colors.text};
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 12px;
  margin: 10px 0 0;
  font-size: 13px;
  color: ${colors.textSecondary};
`;

interface SpaceCardProps {
  space: Space;
  /** What sits at the card's end when it offers no Join (Restore, in the archived list). */
  aside?: ReactNode;
  /** Set when the user may join this space in one click. */
  onJoin?: (space: Space) => void;
  joining?: boolean;
  joinDisabled?: boolean;
}

/** One space in the hub's list: what it is, who sees it, its size and the user's standing in it. */
export function SpaceCard({ space, aside, onJoin, joining = false, joinDisabled = false }: SpaceCardProps) {
  const settings = useAuthStore((s) => s.settings);
  const userId = useAuthStore((s) => s.user?.id);
  const headingId = `space-${space.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <div style={{ minWidth: 0 }}>
        <h3 id={headingId}>
          <Link href={`/spaces/${space.id}`} onClick={() => userId && rememberOpenedSpace(userId, space)}>
            {space.name}
          </Link>
        </h3>
        {space.description && <Description>{space.description}</Description>}
        <Meta>
          <StatusBadge status={spaceVisibilityBadge[space.visibility]}>
            {spaceVisibilityLabel(settings, space.visibility)}
          </StatusBadge>
          <span>
            <TeamOutlined /> {memberCount(space.member_count)}
          </span>
          <span>{space.is_member ? `You: ${roleLabels[space.my_role]}` : 'Not a member'}</span>
        </Meta>
      </div>
      {onJoin ? (
        <Button loading={joining} disabled={joinDisabled} onClick={() => onJoin(space)} aria-label={`Join ${space.name}`}>
          Join
        </Button>
      ) : (
        aside
      )}
    </Card>
  );
}

import { TeamOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import styled from 'styled-components';
import type { JoinableHub } from '@/lib/contract/hubs';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { HubAvatar } from '@/components/common/HubAvatar';
import { memberCount } from '../common/memberCount';

const Card = styled.article`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 14px 16px;
  padding: 20px;
  border: 1px solid ${colors.border};
  border-radius: 14px;
  background: ${colors.white};
  transition: border-color 0.2s;

  &:hover {
    border-color: ${theme.primaryColor}66;
  }

  h2 {
    margin: 0;
    font-size: 17px;
    font-weight: 600;
    line-height: 1.35;
    color: ${colors.heading};
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.p`
  margin: 2px 0 0;
  font-size: 13px;
  color: ${colors.textSecondary};
`;

const Body = styled.div`
  grid-column: 1 / -1;
  display: grid;
  gap: 12px;
`;

const Description = styled.p`
  margin: 0;
  font-size: 14px;
  line-height: 1.55;
  color: ${colors.text};
`;

const Reason = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin: 0;
  padding: 6px 10px;
  width: fit-content;
  border-radius: 8px;
  font-size: 13px;
  color: ${colors.primaryText};
  background: ${theme.primaryColor}14;
`;

/** Why this hub is on the list, in the user's words. */
function reasonText(hub: JoinableHub): string {
  if (hub.reason === 'invitation') {
    return hub.invited_by ? `Invited by ${hub.invited_by} as ${hub.role}` : `You are invited as ${hub.role}`;
  }
  return `Open to everyone at ${hub.email_domain ?? 'your email domain'}`;
}

interface JoinableHubCardProps {
  hub: JoinableHub;
  joining: boolean;
  disabled: boolean;
  onJoin: (hub: JoinableHub) => void;
}

export function JoinableHubCard({ hub, joining, disabled, onJoin }: JoinableHubCardProps) {
  return (
    <Card aria-labelledby={`hub-${hub.id}`}>
      <HubAvatar name={hub.name} colour={hub.colour} />
      <div>
        <h2 id={`hub-${hub.id}`}>{hub.name}</h2>
        <Meta>
          @{hub.domain_handle} · <TeamOutlined /> {memberCount(hub.member_count)}
        </Meta>
      </div>
      <Body>
        {hub.description && <Description>{hub.description}</Description>}
        <Reason>{reasonText(hub)}</Reason>
        <Button type="primary" size="large" block loading={joining} disabled={disabled} onClick={() => onJoin(hub)}>
          Join {hub.name}
        </Button>
      </Body>
    </Card>
  );
}

import { useState } from 'react';
import { Button, Popconfirm, Select, Tag, Typography } from 'antd';
import styled from 'styled-components';
import type { MemberAbilities } from '@/lib/contract/members';
import type { Role } from '@/lib/contract/settings';
import { colors } from '@/lib/palette';
import { errorMessage } from '@/client/http/clients';
import { HubAvatar } from '@/components/common/HubAvatar';
import { StatusBadge } from '@/components/common/StatusBadge';
import { roleLabels, roleOptions } from '@/components/common/roles';

const Row = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  align-items: center;
  gap: 8px 12px;
  padding: 12px 0;
  border-bottom: 1px solid ${colors.divider};

  &:last-child {
    border-bottom: 0;
  }

  .who strong {
    display: block;
    font-weight: 600;
    color: ${colors.heading};
    overflow-wrap: anywhere;
  }

  .who span {
    display: block;
    font-size: 13px;
    color: ${colors.textSecondary};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .actions {
    grid-column: 2;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }

  @media (min-width: 576px) {
    grid-template-columns: auto minmax(0, 1fr) auto;

    .actions {
      grid-column: auto;
      justify-content: flex-end;
    }
  }
`;

const Problem = styled(Typography.Text)`
  grid-column: 2 / -1;
  font-size: 13px;
`;

export interface MemberLike {
  user_id: string;
  name: string;
  email: string;
  role: Role;
  /** Whether they sign in with two factors; present for the hub's owners only. */
  two_factor?: boolean | null;
  /** What the signed-in user may do to this member, as the server decided. */
  abilities: MemberAbilities;
}

interface MemberRowProps {
  member: MemberLike;
  isMe: boolean;
  /** Role change and removal, offered as the member's abilities allow. */
  manage: {
    changeRole(role: Role): Promise<void>;
    remove(): Promise<void>;
  };
  /** Where the member belongs, for the removal question ("Remove Ana from Acme?"). */
  placeName: string;
}

/** One person in a members list: who they are, their role, and what the signed-in user may change. */
export function MemberRow({ member, isMe, manage, placeName }: MemberRowProps) {
  const [busy, setBusy] = useState<'role' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (kind: 'role' | 'remove', action: () => Promise<void>) => {
    setBusy(kind);
    setProblem(null);
    try {
      await action();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const label = `${member.name}${isMe ? ' (you)' : ''}`;
  return (
    <Row aria-label={member.name} role="listitem">
      <HubAvatar name={member.name} colour={colors.primarySoft} size={36} round />
      <div className="who">
        <strong>{label}</strong>
        <span>{member.email}</span>
        {typeof member.two_factor === 'boolean' && (
          // inline-block: the rule for the e-mail line above would stretch it across the row.
          <Tag color={member.two_factor ? 'success' : 'default'} style={{ display: 'inline-block', marginTop: 4 }}>
            {member.two_factor ? 'Two-factor on' : 'No two-factor'}
          </Tag>
        )}
      </div>
      <div className="actions">
        {member.abilities.change_role ? (
          <Select<Role>
            aria-label={`Role of ${member.name}`}
            value={member.role}
            options={roleOptions}
            loading={busy === 'role'}
            disabled={busy !== null}
            onChange={(role) => void run('role', () => manage.changeRole(role))}
            style={{ width: 110 }}
          />
        ) : (
          <StatusBadge status={member.role === 'owner' ? 'success' : 'info'}>{roleLabels[member.role]}</StatusBadge>
        )}
        {/* One's own row offers no removal: Leave is how one goes, with its own confirmation. */}
        {member.abilities.remove && !isMe && (
          <Popconfirm
            title={`Remove ${member.name} from ${placeName}?`}
            okText="Remove"
            okButtonProps={{ danger: true }}
            onConfirm={() => run('remove', manage.remove)}
          >
            <Button danger loading={busy === 'remove'} disabled={busy !== null} aria-label={`Remove ${member.name}`}>
              Remove
            </Button>
          </Popconfirm>
        )}
      </div>
      {problem && (
        <Problem type="danger" role="alert">
          {problem}
        </Problem>
      )}
    </Row>
  );
}

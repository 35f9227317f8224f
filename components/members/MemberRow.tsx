import { useState } from 'react';
import { App, Button, Popconfirm, Select, Tag, Typography } from 'antd';
import styled from 'styled-components';
import type { MemberAbilities } from '@/lib/contract/members';
import type { Role } from '@/lib/contract/settings';
import { colors } from '@/lib/palette';
import { errorMessage } from '@/client/http/clients';
import { PersonAvatar } from '@/components/common/PersonAvatar';
import { RoleBadge } from '@/components/common/StatusBadge';
import { roleOptions, roleWithArticle } from '@/components/common/roles';

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
  /** Their profile colour and photo, drawn as everywhere else they appear. */
  colour: string;
  photo_url: string | null;
  role: Role;
  /** Whether they sign in with two factors; present for the hub's owners only. */
  two_factor?: boolean | null;
  /** Whether they are the place's only owner, as the server counts. */
  only_owner: boolean;
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
  /**
   * Whether the signed-in user manages the place's members (its abilities): they
   * see the only owner's role picker too, so trying to lower it tells them at once why not.
   */
  canManage?: boolean;
  /** What an owner of the place may do, asked about before anyone is made one. */
  ownerPowers?: string;
}

/** One person in a members list: who they are, their role, and what the signed-in user may change. */
export function MemberRow({ member, isMe, manage, placeName, canManage = false, ownerPowers }: MemberRowProps) {
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState<'role' | 'remove' | null>(null);
  const [problem, setProblem] = useState<{ text: string; warning: boolean } | null>(null);
  const who = isMe ? 'You' : member.name;

  const run = async (kind: 'role' | 'remove', action: () => Promise<void>) => {
    setBusy(kind);
    setProblem(null);
    try {
      await action();
    } catch (e) {
      setProblem({ text: errorMessage(e), warning: false });
    } finally {
      setBusy(null);
    }
  };

  const applyRole = (role: Role) =>
    run('role', async () => {
      await manage.changeRole(role);
      void message.success(`${who} ${isMe ? 'are' : 'is'} now ${roleWithArticle(role)}.`);
    });

  const chooseRole = (role: Role) => {
    if (role === member.role) return;
    // The server keeps one owner; say so before anything is asked or sent.
    if (member.only_owner) {
      setProblem({
        text: `${isMe ? 'You are' : `${member.name} is`} the only owner of ${placeName}. Make someone else owner first.`,
        warning: true,
      });
      return;
    }
    setProblem(null);
    if (role !== 'owner') {
      void applyRole(role);
      return;
    }
    modal.confirm({
      title: `Make ${isMe ? 'yourself' : member.name} an owner of ${placeName}?`,
      content: ownerPowers,
      okText: 'Make owner',
      onOk: () => applyRole(role),
    });
  };

  const remove = () =>
    run('remove', async () => {
      await manage.remove();
      void message.success(`${member.name} was removed from ${placeName}.`);
    });

  const label = `${member.name}${isMe ? ' (you)' : ''}`;
  return (
    <Row aria-label={member.name} role="listitem">
      <PersonAvatar name={member.name} colour={member.colour} photoUrl={member.photo_url} size={36} />
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
        {member.abilities.change_role || (canManage && member.only_owner) ? (
          <Select<Role>
            aria-label={`Role of ${member.name}`}
            value={member.role}
            options={roleOptions}
            loading={busy === 'role'}
            disabled={busy !== null}
            onChange={chooseRole}
            style={{ width: 110 }}
          />
        ) : (
          <RoleBadge role={member.role} />
        )}
        {/* One's own row offers no removal: Leave is how one goes, with its own confirmation. */}
        {member.abilities.remove && !isMe && (
          <Popconfirm
            title={`Remove ${member.name} from ${placeName}?`}
            okText="Remove"
            okButtonProps={{ danger: true }}
            onConfirm={remove}
          >
            <Button danger loading={busy === 'remove'} disabled={busy !== null} aria-label={`Remove ${member.name}`}>
              Remove
            </Button>
          </Popconfirm>
        )}
      </div>
      {problem && (
        <Problem type={problem.warning ? 'warning' : 'danger'} role="alert">
          {problem.text}
        </Problem>
      )}
    </Row>
  );
}

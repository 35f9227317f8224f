import { useCallback, useState } from 'react';
import { App, Button, Popconfirm, Skeleton, Typography } from 'antd';
import styled from 'styled-components';
import type { Invitation } from '@/lib/contract/invitations';
import { colors } from '@/lib/palette';
import { errorMessage } from '@/client/http/clients';
import type { InvitationScope } from '@/client/http/hub-admin-api';
import { LoadFailure } from '@/components/common/LoadFailure';
import { RoleBadge } from '@/components/common/StatusBadge';
import { LoadMore } from '@/components/ui/LoadMore';
import { usePagedList } from '@/components/ui/usePagedList';

const Row = styled.div`
  display: grid;
  gap: 8px 12px;
  padding: 12px 0;
  border-bottom: 1px solid ${colors.divider};

  &:last-child {
    border-bottom: 0;
  }

  strong {
    display: block;
    font-weight: 600;
    color: ${colors.heading};
    overflow-wrap: anywhere;
  }

  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 10px;
    font-size: 13px;
    color: ${colors.textSecondary};
  }

  .actions {
    display: flex;
    gap: 8px;
  }

  @media (min-width: 576px) {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
  }
`;

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const when = (iso: string) => dateFormat.format(new Date(iso));

function InvitationRow({ scope, invitation, onChange }: { scope: InvitationScope; invitation: Invitation; onChange(): void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<'resend' | 'cancel' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (kind: 'resend' | 'cancel') => {
    setBusy(kind);
    setProblem(null);
    try {
      if (kind === 'resend') {
        await scope.resend(invitation.id);
        void message.success(`Invitation sent again to ${invitation.email}.`);
      } else {
        await scope.cancel(invitation.id);
        void message.success(`Invitation to ${invitation.email} cancelled.`);
      }
      onChange();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Row role="listitem" aria-label={invitation.email}>
      <div style={{ minWidth: 0 }}>
        <strong>{invitation.email}</strong>
        <span className="meta">
          <RoleBadge role={invitation.role} />
          <span>Sent {when(invitation.last_sent_at)}</span>
          <span>Expires {when(invitation.expires_at)}</span>
          {invitation.invited_by && <span>by {invitation.invited_by}</span>}
        </span>
      </div>
      <div className="actions">
        {invitation.abilities.resend && (
          <Button
            loading={busy === 'resend'}
            disabled={busy !== null}
            onClick={() => run('resend')}
            aria-label={`Resend invitation to ${invitation.email}`}
          >
            Resend
          </Button>
        )}
        {invitation.abilities.revoke && (
          <Popconfirm
            title={`Cancel the invitation to ${invitation.email}?`}
            description="Its link stops working."
            okText="Cancel invitation"
            cancelText="Keep"
            okButtonProps={{ danger: true }}
            onConfirm={() => run('cancel')}
          >
            <Button danger loading={busy === 'cancel'} disabled={busy !== null} aria-label={`Cancel invitation to ${invitation.email}`}>
              Cancel
            </Button>
          </Popconfirm>
        )}
      </div>
      {problem && (
        <Typography.Text type="danger" role="alert" style={{ gridColumn: '1 / -1', fontSize: 13 }}>
          {problem}
        </Typography.Text>
      )}
    </Row>
  );
}

/** Pending invitations of a hub or a space, newest first, with resend and cancel where allowed. `version` reloads the list. */
export function PendingInvitations({ scope, version }: { scope: InvitationScope; version: number }) {
  const list = usePagedList<Invitation>({
    query: JSON.stringify([scope.key, version]),
    fetchPage: (page) => scope.list(page),
    keyOf: useCallback((i: Invitation) => i.id, []),
  });

  return (
    <section aria-label="Pending invitations">
      <Typography.Title level={3} style={{ fontSize: 15, margin: '24px 0 4px' }}>
        Pending invitations{list.state === 'ready' && list.count > 0 ? ` (${list.count})` : ''}
      </Typography.Title>
      {list.state === 'loading' && <Skeleton active paragraph={{ rows: 1 }} />}
      {list.state === 'failed' && (
        <LoadFailure message="We could not load the invitations." error={list.error} onRetry={list.reload} />
      )}
      {list.state === 'ready' && list.items.length === 0 && (
        <Typography.Paragraph type="secondary">No invitations are waiting for an answer.</Typography.Paragraph>
      )}
      {list.state === 'ready' && list.items.length > 0 && (
        <div role="list" aria-label="Invitations">
          {list.items.map((invitation) => (
            <InvitationRow key={invitation.id} scope={scope} invitation={invitation} onChange={list.reload} />
          ))}
        </div>
      )}
      <LoadMore list={list} />
    </section>
  );
}

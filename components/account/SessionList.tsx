import { useState } from 'react';
import { useRouter } from 'next/router';
import { DesktopOutlined, GlobalOutlined, MobileOutlined, TabletOutlined } from '@ant-design/icons';
import { Alert, App, Button, Popconfirm, Skeleton, Tooltip, Typography, theme } from 'antd';
import styled from 'styled-components';
import type { DeviceKind, Session } from '@/lib/contract/sessions';
import { errorMessage, statusOf } from '@/client/http/clients';
import { accountApi } from '@/client/http/account-api';
import { SIGN_IN_PATH } from '@/lib/onboarding/guard';
import { deviceLabel } from '@/lib/user-agent';
import { useAuthStore } from '@/store/auth';
import { LoadFailure } from '@/components/common/LoadFailure';
import { StatusBadge } from '@/components/common/StatusBadge';
import { formatDateTime, formatWhen } from '@/components/common/format';
import { Panel } from '@/components/ui/Panel';
import { useLoad } from '@/components/ui/useLoad';

const Row = styled.div<{ $border: string; $muted: string; $accent: string }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  align-items: center;
  gap: 8px 12px;
  padding: 12px 0;
  border-bottom: 1px solid ${({ $border }) => $border};

  &:last-child {
    border-bottom: 0;
  }

  .icon {
    display: grid;
    place-items: center;
    width: 36px;
    height: 36px;
    border-radius: 10px;
    font-size: 18px;
    color: ${({ $accent }) => $accent};
    background: ${({ $accent }) => `${$accent}14`};
  }

  .what {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .facts {
    margin: 2px 0 0;
    font-size: 13px;
    color: ${({ $muted }) => $muted};
    overflow-wrap: anywhere;
  }

  .actions {
    grid-column: 2;
  }

  @media (min-width: 576px) {
    grid-template-columns: auto minmax(0, 1fr) auto;

    .actions {
      grid-column: auto;
    }
  }
`;

const deviceIcons: Record<DeviceKind, typeof DesktopOutlined> = {
  desktop: DesktopOutlined,
  mobile: MobileOutlined,
  tablet: TabletOutlined,
  other: GlobalOutlined,
};

/** "Chrome 156 on macOS", as the new-device email names it. */
const sessionLabel = (session: Session) => deviceLabel(session.browser, session.os);

function SessionRow({ session, onSignOut }: { session: Session; onSignOut?: () => Promise<void> }) {
  const { token } = theme.useToken();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const Icon = deviceIcons[session.device];
  const label = sessionLabel(session);

  const signOut = async () => {
    if (!onSignOut) return;
    setBusy(true);
    setProblem(null);
    try {
      await onSignOut();
    } catch (e) {
      setProblem(errorMessage(e));
      setBusy(false);
    }
  };

  const facts = [
    session.ip ?? 'Address unknown',
    `Signed in ${formatWhen(session.created_at)}`,
    session.current ? 'Active now' : `Last active ${formatWhen(session.last_seen_at)}`,
    session.visitor_id ? `Browser ID ${session.visitor_id}` : null,
  ].filter(Boolean);

  return (
    <Row role="listitem" aria-label={label} $border={token.colorBorderSecondary} $muted={token.colorTextSecondary} $accent={token.colorPrimary}>
      <span className="icon" aria-hidden="true">
        <Icon />
      </span>
      <div>
        <div className="what">
          {label}
          {session.current && <StatusBadge status="success">This device</StatusBadge>}
        </div>
        <Tooltip title={`Signed in ${formatDateTime(session.created_at)} · last active ${formatDateTime(session.last_seen_at)}`}>
          <p className="facts">{facts.join(' · ')}</p>
        </Tooltip>
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
      </div>
      {onSignOut && (
        <div className="actions">
          <Popconfirm
            title={`Sign out ${label}?`}
            description="That browser will have to sign in again."
            okText="Sign out"
            okButtonProps={{ danger: true }}
            onConfirm={signOut}
          >
            <Button loading={busy} disabled={busy} aria-label={`Sign out ${label}`}>
              Sign out
            </Button>
          </Popconfirm>
        </div>
      )}
    </Row>
  );
}

/** Where the person is signed in: each browser, this one marked, and a way to sign the others out. */
export function SessionList() {
  const router = useRouter();
  const { message } = App.useApp();
  const { load, retry, replace } = useLoad('mine', async () => (await accountApi.sessions()).data);
  const [signingOutOthers, setSigningOutOthers] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sessions = load.state === 'ready' ? load.value : [];
  const others = sessions.filter((s) => !s.current);

  const signOutOne = async (session: Session) => {
    try {
      const { data } = await accountApi.revokeSession(session.id);
      if (data.current) {
        await useAuthStore.getState().logout();
        await router.replace(SIGN_IN_PATH);
        return;
      }
      void message.success(`${sessionLabel(session)} was signed out.`);
    } catch (e) {
      // Already ended elsewhere: it is gone either way.
      if (statusOf(e) !== 404) throw e;
      void message.info('That session had already ended.');
    }
    replace(sessions.filter((s) => s.id !== session.id));
  };

  const signOutOthers = async () => {
    setSigningOutOthers(true);
    setProblem(null);
    try {
      const { data } = await accountApi.revokeOtherSessions();
      void message.success(data.revoked === 1 ? '1 other session was signed out.' : `${data.revoked} other sessions were signed out.`);
      replace(sessions.filter((s) => s.current));
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setSigningOutOthers(false);
    }
  };

  return (
    <Panel
      title="Where you’re signed in"
      aside={
        others.length > 0 && (
          <Popconfirm
            title="Sign out all other sessions?"
            description="Every other browser and device will have to sign in again. This one stays signed in."
            okText="Sign out others"
            okButtonProps={{ danger: true }}
            onConfirm={signOutOthers}
          >
            <Button size="small" loading={signingOutOthers} disabled={signingOutOthers}>
              Sign out all other sessions
            </Button>
          </Popconfirm>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        If you see a browser you do not recognise, sign it out and change your password.
      </Typography.Paragraph>
      {problem && <Alert type="error" showIcon title={problem} closable onClose={() => setProblem(null)} style={{ marginBottom: 12 }} />}
      {load.state === 'loading' && <Skeleton active avatar paragraph={{ rows: 1 }} />}
      {(load.state === 'failed' || load.state === 'missing' || load.state === 'forbidden') && (
        <LoadFailure message="We could not load where you are signed in." error={load.message} onRetry={retry} />
      )}
      {load.state === 'ready' && (
        <div role="list" aria-label="Sessions">
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} onSignOut={session.current ? undefined : () => signOutOne(session)} />
          ))}
        </div>
      )}
    </Panel>
  );
}

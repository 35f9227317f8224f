import { useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Divider, Skeleton, Typography } from 'antd';
import styled from 'styled-components';
import type { ProofRequirement, TwoFactorStatus } from '@/lib/contract/two-factor';
import { accountApi } from '@/client/http/account-api';
import { errorMessage } from '@/client/http/clients';
import { twoFactorApi } from '@/client/http/two-factor-api';
import { useAuthStore } from '@/store/auth';
import { LoadFailure } from '@/components/common/LoadFailure';
import { Panel } from '@/components/ui/Panel';
import { useLoad } from '@/components/ui/useLoad';
import { AuthenticatorApp } from '@/components/two-factor/AuthenticatorApp';
import type { TwoFactorChange } from '@/components/two-factor/change';
import { PasskeyList } from '@/components/two-factor/PasskeyList';
import { RecoveryCodesDialog } from '@/components/two-factor/RecoveryCodesDialog';
import { useProof } from '@/components/two-factor/useProof';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

/** "Acme", "Acme and Beta", "Acme, Beta and Cosmo". */
function namesOf(hubs: TwoFactorStatus['required_by']): string {
  const names = hubs.map((hub) => hub.name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function RequirementNotice({ status, justEnabled }: { status: TwoFactorStatus; justEnabled: boolean }) {
  if (status.required_by.length === 0) return null;
  if (!status.enabled) {
    const one = status.required_by.length === 1;
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        style={{ marginBottom: 16 }}
        title={`${namesOf(status.required_by)} ${one ? 'requires' : 'require'} two-factor sign-in. Set it up to continue.`}
        description="Add an authenticator app or a passkey below. Until then the hub stays closed to you."
      />
    );
  }
  if (!justEnabled) return null;
  return (
    <Alert
      type="success"
      showIcon
      style={{ marginBottom: 16 }}
      title="Two-factor sign-in is on. You can use your hub again."
      action={<Link href="/">Continue</Link>}
    />
  );
}

/**
 * After two-factor sign-in was turned on: the sessions opened before it are
 * still signed in without the second factor. One click signs them all out.
 */
function OtherSessionsOffer({ count, onSignedOut }: { count: number; onSignedOut: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const signOutOthers = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await accountApi.revokeOtherSessions();
      if (answer.message) void message.success(answer.message);
      onSignedOut();
    } catch (e) {
      setProblem(errorMessage(e));
      setBusy(false);
    }
  };
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={count === 1
        ? 'You are still signed in on 1 other session, opened before two-factor sign-in was on.'
        : `You are still signed in on ${count} other sessions, opened before two-factor sign-in was on.`}
      description={problem ?? 'Sign them out, and each will need your second factor to sign in again.'}
      action={<Button size="small" type="primary" loading={busy} disabled={busy} onClick={signOutOthers}>Sign out every other session</Button>}
    />
  );
}

function RecoveryCodes({ status, proof, onNew }: {
  status: TwoFactorStatus;
  proof: ReturnType<typeof useProof>;
  onNew: (codes: string[]) => Promise<void>;
}) {
  const left = status.recovery_codes_left;
  const regenerate = () => proof.ask({
    title: 'Make new recovery codes?',
    description: 'Your current recovery codes stop working at once.',
    confirmLabel: 'Make new codes',
    action: async (given) => {
      const { data } = await twoFactorApi.regenerateRecoveryCodes(given);
      await onNew(data.recovery_codes);
    },
  });
  return (
    <Row>
      <div>
        <Typography.Text strong>Recovery codes</Typography.Text>
        <Typography.Paragraph type={left <= 3 ? 'warning' : 'secondary'} style={{ margin: 0 }}>
          {left === 1 ? '1 code left' : `${left} codes left`}. Each signs you in once if you cannot use your app or passkey.
        </Typography.Paragraph>
      </div>
      <Button onClick={regenerate}>Make new codes</Button>
    </Row>
  );
}

/** Until the status has loaded, what a proof asks of an account with neither factor known: its password. */
const PASSWORD_ONLY: ProofRequirement = { password: true, second_factor: [] };

/**
 * The person's second factors: the authenticator app, passkeys and recovery
 * codes, and the hubs that require them. A change that turns two-factor on
 * or off reloads the signed-in user, so a hub's requirement lifts at once;
 * turning it on offers to sign out the sessions opened before
 * (`onOtherSessionsSignedOut` then tells the page).
 */
export function TwoFactorSettings({ onOtherSessionsSignedOut }: { onOtherSessionsSignedOut?: () => void }) {
  const { load, retry, replace } = useLoad('two-factor', async () => (await twoFactorApi.status()).data);
  const proof = useProof(load.state === 'ready' ? load.value.proof : PASSWORD_ONLY);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [justEnabled, setJustEnabled] = useState(false);
  const [otherSessions, setOtherSessions] = useState(0);

  const refresh = async (change: TwoFactorChange = {}) => {
    const { data } = await twoFactorApi.status();
    const wasEnabled = load.state === 'ready' && load.value.enabled;
    replace(data);
    if (change.recoveryCodes) setCodes(change.recoveryCodes);
    setOtherSessions(data.enabled ? (change.otherSessions ?? otherSessions) : 0);
    if (data.enabled !== wasEnabled) {
      setJustEnabled(data.enabled);
      await useAuthStore.getState().loadUser();
    }
  };

  return (
    <Panel title="Two-factor sign-in">
      {load.state === 'loading' && <Skeleton active paragraph={{ rows: 3 }} />}
      {(load.state === 'failed' || load.state === 'missing' || load.state === 'forbidden') && (
        <LoadFailure message="We could not load your two-factor settings." error={load.message} onRetry={retry} />
      )}
      {load.state === 'ready' && (
        <>
          <RequirementNotice status={load.value} justEnabled={justEnabled} />
          {otherSessions > 0 && (
            <OtherSessionsOffer
              count={otherSessions}
              onSignedOut={() => {
                setOtherSessions(0);
                onOtherSessionsSignedOut?.();
              }}
            />
          )}
          <Typography.Paragraph type="secondary">
            {load.value.enabled
              ? 'Signing in with your password also asks for a second proof that it is you.'
              : 'Protect your account with a second step when you sign in: a code from an app on your phone, or a passkey.'}
          </Typography.Paragraph>
          <AuthenticatorApp status={load.value} proof={proof} onChanged={refresh} />
          <Divider />
          <PasskeyList passkeys={load.value.passkeys} proof={proof} onChanged={refresh} />
          {load.value.enabled && (
            <>
              <Divider />
              <RecoveryCodes status={load.value} proof={proof} onNew={async (fresh) => refresh({ recoveryCodes: fresh })} />
            </>
          )}
          {proof.dialog}
          <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
        </>
      )}
    </Panel>
  );
}

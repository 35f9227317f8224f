import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton } from 'antd';
import { useShallow } from 'zustand/react/shallow';
import type { InvitationPreview } from '@/lib/contract/invitations';
import { invitationJoinPath } from '@/lib/contract/hubs';
import { errorCode, errorMessage } from '@/client/http/clients';
import { invitationApi } from '@/client/http/hub-admin-api';
import { useAuthStore } from '@/store/auth';
import { ButtonLink } from '@/components/common/ButtonLink';
import { roleLabels } from '@/components/common/roles';
import { Unavailable } from '@/components/ui/Unavailable';
import { useLoad } from '@/components/ui/useLoad';
import { HubPreviewCard } from './HubPreviewCard';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** Where sign-in and sign-up send the visitor back to: this page. */
const withNext = (path: string, token: string) => `${path}?next=${encodeURIComponent(invitationJoinPath(token))}`;

/**
 * The page an emailed invitation link opens: the hub (and the space, for an
 * invitation into one) and who invited whom (the address masked unless
 * signed in as it). Signed out, it leads to sign-up or sign-in and back
 * here; signed in as the invited address, one button accepts.
 */
export function InvitationLanding({ token }: { token: string }) {
  const { load, retry } = useLoad(token, async (t) => (await invitationApi.preview(t)).data);
  const back = { href: '/', label: 'Go to Convene' };

  if (load.state === 'loading') return <Skeleton active avatar paragraph={{ rows: 4 }} />;
  if (load.state === 'ready') return <Invitation token={token} preview={load.value} />;
  if (load.state === 'failed') {
    return (
      <Unavailable
        title="We could not open this invitation"
        text={load.message}
        retry={retry}
        back={back}
        Icon={MailOutlined}
      />
    );
  }
  return <Unavailable title="This invitation cannot be used" text={load.message} back={back} Icon={MailOutlined} />;
}

function Invitation({ token, preview }: { token: string; preview: InvitationPreview }) {
  const router = useRouter();
  const { user, logout } = useAuthStore(useShallow((s) => ({ user: s.user, logout: s.logout })));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; member: boolean } | null>(null);
  const hub = preview.organization;
  const { space } = preview;
  const inviter = preview.invited_by ? `${preview.invited_by} invited` : 'You are invited:';
  const details = `${inviter} ${preview.email} to join ${space ? 'the space ' : ''}as ${roleLabels[preview.role].toLowerCase()}. The invitation is valid until ${dateFormat.format(new Date(preview.expires_at))}.`;

  const accept = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { data } = await invitationApi.accept(token);
      await useAuthStore.getState().loadUser();
      // The hub is active now; a space invitation opens its space.
      await router.replace(data.space ? `/spaces/${data.space.id}` : '/');
    } catch (e) {
      setProblem({ message: errorMessage(e), member: errorCode(e) === 'already_member' });
      setBusy(false);
    }
  };

  const switchAccount = async () => {
    setBusy(true);
    await logout();
    await router.replace(withNext('/sign-in', token));
  };

  // The preview names the address in full only to the invitee signed in, so anyone else never matches it.
  const signedInAsInvitee = user?.email.toLowerCase() === preview.email.toLowerCase();
  return (
    <HubPreviewCard
      eyebrow="Invitation"
      title={space ? `Join ${space.name} in ${hub.name}` : `Join ${hub.name} on Convene`}
      hub={hub}
      details={details}
    >
      {problem && (
        <Alert
          type={problem.member ? 'info' : 'error'}
          showIcon
          title={problem.message}
          action={
            problem.member ? <Link href={space ? `/spaces/${space.id}` : '/'}>{space ? 'Open the space' : 'Open the hub'}</Link> : undefined
          }
        />
      )}
      {!user && (
        <>
          {/* Whether the address has an account is not said to a link holder: both ways are offered. */}
          <ButtonLink href={withNext('/sign-up', token)}>Create an account to accept</ButtonLink>
          <p className="alt">
            Already have an account? <Link href={withNext('/sign-in', token)}>Sign in</Link>
          </p>
        </>
      )}
      {user && signedInAsInvitee && (
        <Button type="primary" size="large" block loading={busy} disabled={busy} onClick={accept}>
          Accept invitation
        </Button>
      )}
      {user && !signedInAsInvitee && (
        <>
          <Alert
            type="warning"
            showIcon
            title={`This invitation is for ${preview.email}, and you are signed in as ${user.email}.`}
            description="Sign in with the invited address to accept it."
          />
          <Button size="large" block loading={busy} disabled={busy} onClick={switchAccount}>
            Sign in as {preview.email}
          </Button>
        </>
      )}
    </HubPreviewCard>
  );
}

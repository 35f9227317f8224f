import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Alert, Button, Form, Input, Space } from 'antd';
import styled from 'styled-components';
import { registerBody, type RegisterBody } from '@/lib/contract/auth';
import { authApi } from '@/client/http/api';
import { errorMessage } from '@/client/http/clients';
import { invitationApi } from '@/client/http/hub-admin-api';
import { getVisitorId } from '@/client/fingerprint';
import { safeNextPath } from '@/lib/onboarding/guard';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { useLoad } from '@/components/ui/useLoad';
import { invitationTokenIn } from '@/lib/onboarding/guard';
import { useCompleteSignIn } from '../onboarding/useCompleteSignIn';
import { AltAction } from './AltAction';
import { AuthHeading } from '../layout/AuthLayout';
import { passwordHint } from './passwordHint';
import { forgetRegistration, registrationFor, rememberRegistration } from './pendingRegistration';

const rules = {
  name: [zodRule(registerBody.shape.name)],
  email: [zodRule(registerBody.shape.email)],
  password: [zodRule(registerBody.shape.password)],
};

type SignUpValues = Omit<RegisterBody, 'invitation'>;

/** Keeps the button clear of the password's hint and its error, which antd lets run into the next control. */
const CreateButton = styled(SubmitButton)`
  margin-top: 12px;
`;

/**
 * The invitation link the visitor came from (`?next=/join-hub?invitation=…`)
 * and the address it was sent to, masked (the preview shows a link holder no
 * more); `invited` is null without one, or when the link is no good (then
 * the sign-up is an ordinary one).
 */
function useInvitation(next: string | null) {
  const token = invitationTokenIn(next) || null;
  const { load } = useLoad(token, async (t) => (await invitationApi.preview(t)).data);
  return {
    invited: token && load.state === 'ready' ? { token, maskedEmail: load.value.email } : null,
    loading: token !== null && load.state === 'loading',
  };
}

/** This browser signed the address up before and its code was never entered (m1): offer that sign-up again. */
function WaitingForCode({ email, onEnterCode, onStartAgain }: { email: string; onEnterCode(): Promise<void>; onStartAgain(): void }) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sendNewCode = async () => {
    setSending(true);
    setProblem(null);
    try {
      await authApi.resend({ email, registration: registrationFor(email) });
      await onEnterCode();
    } catch (e) {
      setProblem(errorMessage(e));
      setSending(false);
    }
  };
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 24 }}
      title="An account with this email is waiting for verification"
      description={
        <>
          <p style={{ margin: '4px 0 12px' }}>
            You signed up with {email} in this browser and we emailed you a code. Enter it to finish, or get a new one.
          </p>
          {problem && <p role="alert" style={{ margin: '0 0 12px' }}>{problem}</p>}
          <Space wrap>
            <Button type="primary" onClick={() => void onEnterCode()} disabled={sending}>
              Enter the code
            </Button>
            <Button onClick={sendNewCode} loading={sending}>
              Send a new code
            </Button>
            <Button type="link" onClick={onStartAgain} disabled={sending}>
              Start again
            </Button>
          </Space>
        </>
      }
    />
  );
}

export function SignUpForm() {
  const router = useRouter();
  const next = safeNextPath(router.query.next);
  const { invited, loading: loadingInvitation } = useInvitation(next);
  const completeSignIn = useCompleteSignIn();
  const [form] = Form.useForm<SignUpValues>();
  const [waiting, setWaiting] = useState<string | null>(null);

  // Someone signing up from an invitation link comes back to it after verifying.
  const goVerify = async (email: string) => {
    const query = new URLSearchParams({ email, ...(next ? { next } : {}) });
    await router.push(`/verify?${query.toString()}`);
  };

  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    const email = values.email.trim().toLowerCase();
    if (!invited && registrationFor(email)) {
      setWaiting(email);
      return;
    }
    const { data } = await authApi.register({ ...values, invitation: invited?.token });
    if (!data.verified) {
      rememberRegistration(data.email, data.registration);
      await goVerify(data.email);
      return;
    }
    // The invitation proved the mailbox: no code to enter, sign straight in.
    const visitorId = (await getVisitorId()) ?? undefined;
    const { data: session } = await authApi.login({ email: data.email, password: values.password, visitor_id: visitorId });
    if ('token' in session) await completeSignIn(session.token);
    else await router.push(`/sign-in?${new URLSearchParams(next ? { next } : {}).toString()}`);
  });

  const startAgain = () => {
    if (waiting) forgetRegistration(waiting);
    setWaiting(null);
    form.submit();
  };

  return (
    <>
      <AuthHeading
        title="Create your account"
        subtitle={invited ? 'Once it’s ready, you can accept your invitation.' : 'Start a hub for your team in a couple of minutes.'}
      />
      <FormError message={error} />
      {waiting && <WaitingForCode email={waiting} onEnterCode={() => goVerify(waiting)} onStartAgain={startAgain} />}
      <VerticalForm<SignUpValues> form={form} name="sign-up" onFinish={onFinish} onValuesChange={() => setWaiting(null)}>
        <Form.Item label="Name" name="name" rules={rules.name}>
          <Input autoComplete="name" placeholder="Ada Lovelace" />
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          rules={rules.email}
          extra={invited ? `Your invitation was sent to ${invited.maskedEmail}. With that address there is no code to enter.` : undefined}
        >
          <Input type="email" autoComplete="email" placeholder="you@company.com" disabled={loadingInvitation} />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={rules.password} extra={passwordHint}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <CreateButton submitting={submitting}>Create account</CreateButton>
      </VerticalForm>
      <AltAction>
        Already have an account? <Link href={next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in'}>Sign in</Link>
      </AltAction>
    </>
  );
}

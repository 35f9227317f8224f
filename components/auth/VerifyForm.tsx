import { useEffect, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Alert, Button, Form, Input } from 'antd';
import styled from 'styled-components';
import { verifyBody } from '@/lib/contract/auth';
import { colors } from '@/lib/palette';
import { authApi } from '@/client/http/api';
import { errorMessage } from '@/client/http/clients';
import { getVisitorId } from '@/client/fingerprint';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { AltAction } from './AltAction';
import { AuthHeading } from '../layout/AuthLayout';
import { forgetRegistration, registrationFor } from './pendingRegistration';
import { useCompleteSignIn } from '../onboarding/useCompleteSignIn';
import { useCooldown } from './useCooldown';

export const RESEND_COOLDOWN_SECONDS = 60;

const codeRules = [zodRule(verifyBody.shape.code)];

const CodeInput = styled(Input)`
  font-size: 20px;
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.4em;
`;

const Resend = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 4px 8px;
  margin-top: 20px;
  font-size: 14px;
  color: ${colors.textSecondary};
`;

type Notice = { type: 'success' | 'error'; text: string } | null;

function ResendCode({ email }: { email: string }) {
  const { remaining, start } = useCooldown(RESEND_COOLDOWN_SECONDS);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // The page opens right after a code was sent: asking again only works a minute later.
  useEffect(() => start(), [start]);

  const resend = async () => {
    setSending(true);
    setNotice(null);
    try {
      await authApi.resend({ email, registration: registrationFor(email) });
      setNotice({ type: 'success', text: `We sent a new code to ${email}.` });
      start();
    } catch (e) {
      setNotice({ type: 'error', text: errorMessage(e) });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Resend>
        <span>Didn’t get it?</span>
        <Button type="link" size="small" onClick={resend} loading={sending} disabled={sending || remaining > 0}>
          {remaining > 0 ? `Resend in ${remaining} s` : 'Resend code'}
        </Button>
      </Resend>
      {notice && <Alert type={notice.type} showIcon title={notice.text} style={{ marginTop: 16 }} />}
    </>
  );
}

function MissingEmail() {
  return (
    <>
      <AuthHeading title="Verify your email" />
      <Alert
        type="warning"
        showIcon
        title="This link is missing the email address to verify."
        description={
          <>
            <Link href="/sign-up">Sign up again</Link> with your email address and we will send you a new code.
          </>
        }
      />
    </>
  );
}

export function VerifyForm() {
  const router = useRouter();
  const email = typeof router.query.email === 'string' ? router.query.email : '';
  const completeSignIn = useCompleteSignIn();
  const [form] = Form.useForm<{ code: string }>();
  const { submitting, error, onFinish } = useSubmit(form, async ({ code }) => {
    const visitorId = (await getVisitorId()) ?? undefined;
    const { data } = await authApi.verify({ email, code: code.trim(), registration: registrationFor(email), visitor_id: visitorId });
    forgetRegistration(email);
    await completeSignIn(data.token);
  });

  // The query is empty until the router has read the URL.
  if (!router.isReady) return null;
  if (!email) return <MissingEmail />;

  return (
    <>
      <AuthHeading
        title="Check your email"
        subtitle={
          <>
            We sent a 6-digit code to <strong>{email}</strong>. Enter it below to verify your email.
          </>
        }
      />
      <FormError message={error} />
      <VerticalForm<{ code: string }> form={form} name="verify" onFinish={onFinish}>
        <Form.Item label="Code" name="code" rules={codeRules}>
          <CodeInput inputMode="numeric" autoComplete="one-time-code" maxLength={12} placeholder="123456" autoFocus />
        </Form.Item>
        <SubmitButton submitting={submitting}>Verify</SubmitButton>
      </VerticalForm>
      <ResendCode email={email} />
      <AltAction>
        Wrong address? <Link href="/sign-up">Sign up again</Link>
      </AltAction>
    </>
  );
}

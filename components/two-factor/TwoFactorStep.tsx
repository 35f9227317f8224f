import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import type { SecondFactorMethod, TwoFactorChallenge } from '@/lib/contract/auth';
import { recoveryCodeField, totpCodeField } from '@/lib/contract/two-factor';
import { errorCode } from '@/client/http/clients';
import { twoFactorSignInApi } from '@/client/http/two-factor-api';
import { AuthHeading } from '@/components/layout/AuthLayout';
import { useCompleteSignIn } from '@/components/onboarding/useCompleteSignIn';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { getPasskeyAssertion, passkeyErrorMessage } from './passkeyCeremony';

const rules = { totp: [zodRule(totpCodeField())], recovery: [zodRule(recoveryCodeField())] };

export const CodeInput = styled(Input)`
  font-size: 20px;
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.3em;
`;

const Alternatives = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  margin-top: 20px;
`;

/** Codes that mean the pending sign-in is over: the person starts again from the password. */
const ENDED = new Set(['code_expired', 'code_exhausted']);

const headings: Record<SecondFactorMethod, { title: string; subtitle: string }> = {
  totp: { title: 'Two-factor sign-in', subtitle: 'Enter the 6-digit code from your authenticator app.' },
  passkey: { title: 'Confirm with your passkey', subtitle: 'Use the passkey on this device or your security key.' },
  recovery_code: { title: 'Use a recovery code', subtitle: 'Enter one of the recovery codes you saved. Each works once.' },
};

const switchLabels: Record<SecondFactorMethod, string> = {
  totp: 'Use your authenticator app instead',
  passkey: 'Use a passkey instead',
  recovery_code: 'Use a recovery code instead',
};

interface CodeValues { code: string }

/**
 * The second step of signing in, shown once the password (or Google) was
 * right: an authenticator code, a passkey, or a recovery code. Success ends
 * in the session like any sign-in; a pending sign-in that expired or ran out
 * of tries sends the person back to the first step.
 */
export function TwoFactorStep({ challenge, onCancel }: { challenge: TwoFactorChallenge['two_factor']; onCancel: () => void }) {
  const completeSignIn = useCompleteSignIn();
  const { methods, token } = challenge;
  const [method, setMethod] = useState<SecondFactorMethod>(methods.includes('totp') ? 'totp' : (methods[0] ?? 'totp'));
  const [ended, setEnded] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [form] = Form.useForm<CodeValues>();

  /** Sends one proof; an answer that ends the pending sign-in is shown as such, anything else goes to the form. */
  const prove = async (send: () => ReturnType<typeof twoFactorSignInApi.verify>) => {
    try {
      const { data } = await send();
      await completeSignIn(data.token);
    } catch (e) {
      const code = errorCode(e);
      if (code && ENDED.has(code)) {
        setEnded(code === 'code_exhausted' ? 'Too many wrong attempts. Please sign in again.' : 'This sign-in has expired. Please sign in again.');
        return;
      }
      throw e;
    }
  };

  const { submitting, error, setError, onFinish } = useSubmit(form, async ({ code }) => {
    await prove(() => twoFactorSignInApi.verify(
      method === 'recovery_code' ? { token, method, code } : { token, method: 'totp', code },
    ));
  });

  const signWithPasskey = async () => {
    setPasskeyBusy(true);
    setError(null);
    try {
      const { data: options } = await twoFactorSignInApi.pendingPasskeyOptions(token);
      const credential = await getPasskeyAssertion(options);
      await prove(() => twoFactorSignInApi.verify({ token, method: 'passkey', credential }));
    } catch (e) {
      const code = errorCode(e);
      if (code && ENDED.has(code)) setEnded('This sign-in has expired. Please sign in again.');
      else setError(passkeyErrorMessage(e));
    } finally {
      setPasskeyBusy(false);
    }
  };

  const choose = (next: SecondFactorMethod) => {
    setError(null);
    form.resetFields();
    setMethod(next);
  };

  if (ended) {
    return (
      <>
        <AuthHeading title="Sign in again" />
        <Alert type="warning" showIcon title={ended} style={{ marginBottom: 20 }} />
        <Button type="primary" size="large" block onClick={onCancel}>
          Back to sign in
        </Button>
      </>
    );
  }

  const { title, subtitle } = headings[method];
  return (
    <>
      <AuthHeading title={title} subtitle={subtitle} />
      <FormError message={error} />
      {method === 'passkey' ? (
        <Button type="primary" size="large" block icon={<KeyOutlined aria-hidden />} loading={passkeyBusy} disabled={passkeyBusy} onClick={signWithPasskey}>
          Use your passkey
        </Button>
      ) : (
        <VerticalForm<CodeValues> form={form} name="two-factor" onFinish={onFinish} key={method}>
          {method === 'totp' ? (
            <Form.Item label="Authentication code" name="code" rules={rules.totp}>
              <CodeInput inputMode="numeric" autoComplete="one-time-code" maxLength={7} pattern="[0-9 ]*" placeholder="123456" autoFocus />
            </Form.Item>
          ) : (
            <Form.Item label="Recovery code" name="code" rules={rules.recovery}>
              <Input autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={20} placeholder="xxxx-xxxx" autoFocus />
            </Form.Item>
          )}
          <SubmitButton submitting={submitting}>Verify</SubmitButton>
        </VerticalForm>
      )}
      <Alternatives>
        {methods.filter((m) => m !== method).map((m) => (
          <Button key={m} type="link" onClick={() => choose(m)} disabled={submitting || passkeyBusy}>
            {switchLabels[m]}
          </Button>
        ))}
        <Button type="link" onClick={onCancel} disabled={submitting || passkeyBusy}>
          Cancel and go back
        </Button>
      </Alternatives>
    </>
  );
}

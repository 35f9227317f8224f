import { useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { Divider, Form, Input } from 'antd';
import styled from 'styled-components';
import type { LoginBody, TwoFactorChallenge } from '@/lib/contract/auth';
import { authApi } from '@/lib/http/api';
import { errorCode } from '@/lib/http/clients';
import { firebaseEnabled } from '@/lib/firebase';
import { useAuthStore } from '@/store/auth';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { lazyZodRule } from '@/components/forms/lazyZodRule';
import { PasskeySignInButton } from '@/components/two-factor/PasskeySignInButton';
import { AltAction } from './AltAction';
import { AuthHeading } from './AuthLayout';
import { GoogleButton } from './GoogleButton';
import { useCompleteSignIn } from './useCompleteSignIn';

// The sign-in page is the first screen: zod, the contract and the second-factor
// step load when they are first needed, not with the page.
const loadTwoFactorStep = () => import('@/components/two-factor/TwoFactorStep');
const TwoFactorStep = dynamic(() => loadTwoFactorStep().then((m) => m.TwoFactorStep), { ssr: false });
const loginShape = () => import('@/lib/contract/auth').then((m) => m.loginBody.shape);

const rules = {
  email: [lazyZodRule(async () => (await loginShape()).email, true)],
  password: [lazyZodRule(async () => (await loginShape()).password, true)],
  emailCode: [{ required: true, message: 'Please enter the code from the email' }, lazyZodRule(async () => (await loginShape()).email_code, false)],
};

type SignInValues = Pick<LoginBody, 'email' | 'password' | 'email_code'>;

/**
 * The reset link sits on the password label's row, where people look when they
 * forget, but outside the <label> so the input's accessible name stays "Password".
 */
const PasswordRow = styled.div`
  position: relative;
`;

const ForgotLink = styled(Link)`
  position: absolute;
  top: 0;
  right: 0;
  z-index: 1;
  font-size: 13px;
  font-weight: 500;
  line-height: 22px;
`;

export function SignInForm() {
  const completeSignIn = useCompleteSignIn();
  const [form] = Form.useForm<SignInValues>();
  // Set when the address is under attack: signing in then also needs the code mailed to it.
  const [askEmailCode, setAskEmailCode] = useState(false);
  // Set when the password was right and a second factor is still owed.
  const [twoFactor, setTwoFactor] = useState<TwoFactorChallenge['two_factor'] | null>(null);
  const { submitting, error, setError, onFinish } = useSubmit(form, async ({ email, password, email_code }) => {
    // Fetched alongside the sign-in request, in case the answer asks for a second factor.
    void loadTwoFactorStep();
    try {
      const visitorId = useAuthStore.getState().visitorId ?? undefined;
      const { data } = await authApi.login({ email, password, email_code: email_code?.trim() || undefined, visitor_id: visitorId });
      if ('token' in data) await completeSignIn(data.token);
      else setTwoFactor(data.two_factor);
    } catch (e) {
      if (errorCode(e) !== 'email_code_required') throw e;
      setAskEmailCode(true);
      throw e;
    }
  });

  if (twoFactor) return <TwoFactorStep challenge={twoFactor} onCancel={() => setTwoFactor(null)} />;

  return (
    <>
      <AuthHeading title="Welcome back" subtitle="Sign in to your Convene account." />
      <FormError message={error} />
      {firebaseEnabled && (
        <>
          <GoogleButton onError={setError} onTwoFactor={setTwoFactor} />
          <Divider plain>or sign in with email</Divider>
        </>
      )}
      <VerticalForm<SignInValues> form={form} name="sign-in" onFinish={onFinish}>
        <Form.Item label="Email" name="email" rules={rules.email}>
          <Input type="email" autoComplete="email" placeholder="you@company.com" />
        </Form.Item>
        <PasswordRow>
          <Form.Item label="Password" name="password" rules={rules.password}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <ForgotLink href="/forgot-password">Forgot password?</ForgotLink>
        </PasswordRow>
        {askEmailCode && (
          <Form.Item
            label="Code from your email"
            name="email_code"
            rules={rules.emailCode}
            // An emptied field fails both rules: one message is enough.
            validateFirst
            extra="Someone has been trying wrong passwords for this account, so we emailed you a 6-digit code to prove it is you."
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={12} placeholder="123456" autoFocus />
          </Form.Item>
        )}
        <SubmitButton submitting={submitting}>Sign in</SubmitButton>
      </VerticalForm>
      <Divider plain>or</Divider>
      <PasskeySignInButton onError={setError} />
      <AltAction>
        New to Convene? <Link href="/sign-up">Create an account</Link>
      </AltAction>
    </>
  );
}

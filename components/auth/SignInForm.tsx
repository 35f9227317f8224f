import { lazy, Suspense, useState, type FormEvent } from 'react';
import Link from 'next/link';
import styled from 'styled-components';
import type { TwoFactorChallenge } from '@/lib/contract/auth';
import { authApi } from '@/client/http/api';
import { errorCode } from '@/client/http/clients';
import { getVisitorId } from '@/client/fingerprint';
import { firebaseEnabled } from '@/client/firebase';
import { lazyZodCheck } from '@/components/forms/lazyZodCheck';
import { useSubmit } from '@/components/forms/useSubmit';
import { PasskeySignInButton } from '@/components/two-factor/PasskeySignInButton';
import { ErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Divider } from '@/components/ui/Divider';
import { PasswordField } from '@/components/ui/PasswordField';
import { TextField } from '@/components/ui/TextField';
import { useFormFields } from '@/components/forms/useFormFields';
import { AltAction } from './AltAction';
import { AuthHeading } from '../layout/AuthLayout';
import { GoogleButton } from './GoogleButton';
import { useCompleteSignIn } from '../onboarding/useCompleteSignIn';

// The sign-in page is the first screen: antd, zod, the contract and the
// second-factor step load when they are first needed, not with the page.
const loadTwoFactorStep = () => import('@/components/two-factor/LazyTwoFactorStep');
// React.lazy rather than next/dynamic, whose loader would be one more module in the first load.
const TwoFactorStep = lazy(() => loadTwoFactorStep().then((m) => ({ default: m.LazyTwoFactorStep })));
const loginShape = () => import('@/lib/contract/auth').then((m) => m.loginBody.shape);

const emailCodeCheck = lazyZodCheck(async () => (await loginShape()).email_code);
const checks = {
  email: lazyZodCheck(async () => (await loginShape()).email),
  password: lazyZodCheck(async () => (await loginShape()).password),
  // An emptied field fails both the presence and the format: one message is enough.
  email_code: async (value: string) => (value ? emailCodeCheck(value) : 'Please enter the code from the email'),
};

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
  const { field, validate, target } = useFormFields('sign-in', checks);
  // Set when the address is under attack: signing in then also needs the code mailed to it.
  const [askEmailCode, setAskEmailCode] = useState(false);
  // Set when the password was right and a second factor is still owed.
  const [twoFactor, setTwoFactor] = useState<TwoFactorChallenge['two_factor'] | null>(null);
  const { submitting, error, setError, onFinish } = useSubmit(target, async ({ email = '', password = '', email_code }: Partial<Record<keyof typeof checks, string>>) => {
    // Fetched alongside the sign-in request, in case the answer asks for a second factor.
    void loadTwoFactorStep();
    try {
      const visitorId = (await getVisitorId()) ?? undefined;
      const { data } = await authApi.login({ email, password, email_code: email_code?.trim() || undefined, visitor_id: visitorId });
      if ('token' in data) await completeSignIn(data.token);
      else setTwoFactor(data.two_factor);
    } catch (e) {
      if (errorCode(e) !== 'email_code_required') throw e;
      setAskEmailCode(true);
      throw e;
    }
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = await validate();
    if (values) await onFinish(values);
  };

  if (twoFactor) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep challenge={twoFactor} onCancel={() => setTwoFactor(null)} />
      </Suspense>
    );
  }

  return (
    <>
      <AuthHeading title="Welcome back" subtitle="Sign in to your Convene account." />
      <ErrorAlert message={error} />
      {firebaseEnabled && (
        <>
          <GoogleButton onError={setError} onTwoFactor={setTwoFactor} />
          <Divider>or sign in with email</Divider>
        </>
      )}
      <form id="sign-in" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField {...field('email')} label="Email" type="email" autoComplete="email" placeholder="you@company.com" aria-required />
        <PasswordRow>
          <PasswordField {...field('password')} label="Password" autoComplete="current-password" aria-required />
          <ForgotLink href="/forgot-password">Forgot password?</ForgotLink>
        </PasswordRow>
        {askEmailCode && (
          <TextField
            {...field('email_code')}
            label="Code from your email"
            extra="Someone has been trying wrong passwords for this account, so we emailed you a 6-digit code to prove it is you."
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            placeholder="123456"
            aria-required
            autoFocus
          />
        )}
        <Button type="submit" variant="primary" block loading={submitting}>
          Sign in
        </Button>
      </form>
      <Divider>or</Divider>
      <PasskeySignInButton onError={setError} />
      <AltAction>
        New to Convene? <Link href="/sign-up">Create an account</Link>
      </AltAction>
    </>
  );
}

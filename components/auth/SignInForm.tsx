import Link from 'next/link';
import { useRouter } from 'next/router';
import { Divider, Form, Input } from 'antd';
import styled from 'styled-components';
import { loginBody, type LoginBody } from '@/lib/contract/auth';
import { authApi } from '@/lib/http/api';
import { errorCode } from '@/lib/http/clients';
import { firebaseEnabled } from '@/lib/firebase';
import { useAuthStore } from '@/store/auth';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { AltAction } from './AltAction';
import { AuthHeading } from './AuthLayout';
import { GoogleButton } from './GoogleButton';
import { useCompleteSignIn } from './useCompleteSignIn';

const rules = {
  email: [zodRule(loginBody.shape.email)],
  password: [zodRule(loginBody.shape.password)],
};

type SignInValues = Pick<LoginBody, 'email' | 'password'>;

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
  const router = useRouter();
  const completeSignIn = useCompleteSignIn();
  const [form] = Form.useForm<SignInValues>();
  const { submitting, error, setError, onFinish } = useSubmit(form, async ({ email, password }) => {
    try {
      const visitorId = useAuthStore.getState().visitorId ?? undefined;
      const { data } = await authApi.login({ email, password, visitor_id: visitorId });
      await completeSignIn(data.token);
    } catch (e) {
      if (errorCode(e) !== 'email_unverified') throw e;
      const address = email.trim().toLowerCase();
      // A failed resend (e.g. rate limited) still leaves an earlier code valid; the verify page can resend.
      await authApi.resend(address).catch(() => undefined);
      await router.push(`/verify?email=${encodeURIComponent(address)}`);
    }
  });

  return (
    <>
      <AuthHeading title="Welcome back" subtitle="Sign in to your Convene account." />
      <FormError message={error} />
      {firebaseEnabled && (
        <>
          <GoogleButton onError={setError} />
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
        <SubmitButton submitting={submitting}>Sign in</SubmitButton>
      </VerticalForm>
      <AltAction>
        New to Convene? <Link href="/sign-up">Create an account</Link>
      </AltAction>
    </>
  );
}

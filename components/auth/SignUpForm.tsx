import Link from 'next/link';
import { useRouter } from 'next/router';
import { Form, Input } from 'antd';
import { registerBody, type RegisterBody } from '@/lib/contract/auth';
import { authApi } from '@/client/http/api';
import { safeNextPath } from '@/lib/onboarding/guard';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { AltAction } from './AltAction';
import { AuthHeading } from '../layout/AuthLayout';
import { passwordHint } from './passwordHint';
import { rememberRegistration } from './pendingRegistration';

const rules = {
  name: [zodRule(registerBody.shape.name)],
  email: [zodRule(registerBody.shape.email)],
  password: [zodRule(registerBody.shape.password)],
};

export function SignUpForm() {
  const router = useRouter();
  const [form] = Form.useForm<RegisterBody>();
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    const { data } = await authApi.register(values);
    rememberRegistration(data.email, data.registration);
    // Someone signing up from an invitation link comes back to it after verifying.
    const next = safeNextPath(router.query.next);
    const query = new URLSearchParams({ email: data.email, ...(next ? { next } : {}) });
    await router.push(`/verify?${query.toString()}`);
  });

  return (
    <>
      <AuthHeading title="Create your account" subtitle="Start a hub for your team in a couple of minutes." />
      <FormError message={error} />
      <VerticalForm<RegisterBody> form={form} name="sign-up" onFinish={onFinish}>
        <Form.Item label="Name" name="name" rules={rules.name}>
          <Input autoComplete="name" placeholder="Ada Lovelace" />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={rules.email}>
          <Input type="email" autoComplete="email" placeholder="you@company.com" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={rules.password} extra={passwordHint}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <SubmitButton submitting={submitting}>Create account</SubmitButton>
      </VerticalForm>
      <AltAction>
        Already have an account? <Link href="/sign-in">Sign in</Link>
      </AltAction>
    </>
  );
}

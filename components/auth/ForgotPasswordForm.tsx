import { useState } from 'react';
import Link from 'next/link';
import { Form, Input } from 'antd';
import { forgotPasswordBody } from '@/lib/contract/auth';
import { authApi } from '@/client/http/api';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { AltAction } from './AltAction';
import { AuthHeading } from '../layout/AuthLayout';

const emailRules = [zodRule(forgotPasswordBody.shape.email)];

export function ForgotPasswordForm() {
  const [form] = Form.useForm<{ email: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { submitting, error, onFinish } = useSubmit(form, async ({ email }) => {
    await authApi.forgotPassword(email);
    setSentTo(email.trim());
  });

  if (sentTo) {
    return (
      <>
        {/* The same words whether or not the account exists, so the page cannot be used to probe for accounts. */}
        <AuthHeading
          title="Check your email"
          subtitle={
            <>
              If an account exists for <strong>{sentTo}</strong>, we have sent a link to reset its password. The
              link works once and expires in an hour.
            </>
          }
        />
        <AltAction>
          <Link href="/sign-in">Back to sign in</Link>
        </AltAction>
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Forgot your password?" subtitle="Enter your email and we will send you a link to choose a new one." />
      <FormError message={error} />
      <VerticalForm<{ email: string }> form={form} name="forgot-password" onFinish={onFinish}>
        <Form.Item label="Email" name="email" rules={emailRules}>
          <Input type="email" autoComplete="email" placeholder="you@company.com" />
        </Form.Item>
        <SubmitButton submitting={submitting}>Send reset link</SubmitButton>
      </VerticalForm>
      <AltAction>
        Remembered it? <Link href="/sign-in">Sign in</Link>
      </AltAction>
    </>
  );
}

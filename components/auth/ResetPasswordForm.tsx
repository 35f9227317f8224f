import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Alert, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { resetPasswordBody } from '@/lib/contract/auth';
import { authApi } from '@/client/http/api';
import { errorCode, errorMessage } from '@/client/http/clients';
import { ButtonLink } from '@/components/common/ButtonLink';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { AltAction } from './AltAction';
import { AuthHeading } from '../layout/AuthLayout';
import { passwordHint } from './passwordHint';

interface ResetValues {
  password: string;
  confirm: string;
}

export const PASSWORDS_DIFFER = 'The two passwords do not match';

const passwordRules = [zodRule(resetPasswordBody.shape.password)];
const confirmRules: Rule[] = [
  { required: true },
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue('password')) throw new Error(PASSWORDS_DIFFER);
    },
  }),
];

/** A link that cannot work any more: missing, used or expired token. */
function DeadLink({ message }: { message: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={message}
      description={<Link href="/forgot-password">Request a new reset link</Link>}
    />
  );
}

export function ResetPasswordForm() {
  const router = useRouter();
  const token = typeof router.query.token === 'string' ? router.query.token : '';
  const [form] = Form.useForm<ResetValues>();
  const [done, setDone] = useState(false);
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const { submitting, error, onFinish } = useSubmit(form, async ({ password }) => {
    try {
      await authApi.resetPassword({ token, password });
      setDone(true);
    } catch (e) {
      if (errorCode(e) !== 'invalid_reset_token') throw e;
      setDeadLink(errorMessage(e));
    }
  });

  if (!router.isReady) return null;

  if (!token) {
    return (
      <>
        <AuthHeading title="Reset your password" />
        <DeadLink message="This reset link is incomplete: it has no token. Open the link from the email again, or request a new one." />
      </>
    );
  }

  if (done) {
    return (
      <>
        <AuthHeading title="Password updated" subtitle="Your password has been changed. Sign in with your new password." />
        <ButtonLink href="/sign-in">Sign in</ButtonLink>
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Choose a new password" subtitle="Pick something you have not used here before." />
      {deadLink ? <DeadLink message={deadLink} /> : <FormError message={error} />}
      <VerticalForm<ResetValues> form={form} name="reset-password" onFinish={onFinish} style={{ marginTop: deadLink ? 20 : 0 }}>
        <Form.Item label="New password" name="password" rules={passwordRules} extra={passwordHint}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm password" name="confirm" dependencies={['password']} rules={confirmRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <SubmitButton submitting={submitting}>Reset password</SubmitButton>
      </VerticalForm>
      <AltAction>
        <Link href="/sign-in">Back to sign in</Link>
      </AltAction>
    </>
  );
}

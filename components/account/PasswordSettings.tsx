import Link from 'next/link';
import { App, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import styled from 'styled-components';
import { changePasswordBody } from '@/lib/contract/auth';
import { colors } from '@/lib/palette';
import { authApi } from '@/client/http/api';
import { useAuthStore } from '@/store/auth';
import { PASSWORDS_DIFFER } from '@/components/auth/ResetPasswordForm';
import { passwordHint } from '@/components/auth/passwordHint';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';

const Note = styled.p`
  margin: 0;
  color: ${colors.text};
`;

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm: string;
}

const rules: Record<keyof PasswordValues, Rule[]> = {
  current_password: [zodRule(changePasswordBody.shape.current_password)],
  new_password: [zodRule(changePasswordBody.shape.new_password)],
  confirm: [
    { required: true },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== getFieldValue('new_password')) throw new Error(PASSWORDS_DIFFER);
      },
    }),
  ],
};

/** A new password: the current one, then the new one twice. Other devices are signed out; this one stays. */
export function PasswordSettings() {
  const { message } = App.useApp();
  const user = useAuthStore((s) => s.user);
  const [form] = Form.useForm<PasswordValues>();
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    const { message: changed } = await authApi.changePassword({ current_password: values.current_password, new_password: values.new_password });
    form.resetFields();
    void message.success(changed ?? 'Your password has been changed.');
  });
  if (!user) return null;

  if (!user.has_password) {
    return (
      <Note>
        You sign in with Google, so your account has no password yet. To add one, sign out and use{' '}
        <Link href="/forgot-password">Forgot password</Link> with your email.
      </Note>
    );
  }

  return (
    <>
      <FormError message={error} />
      <VerticalForm<PasswordValues> form={form} name="account-password" size="middle" onFinish={onFinish} style={{ maxWidth: 420 }}>
        <Form.Item label="Current password" name="current_password" rules={rules.current_password}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="New password" name="new_password" rules={rules.new_password} extra={passwordHint}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm new password" name="confirm" dependencies={['new_password']} rules={rules.confirm}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <SubmitButton submitting={submitting} block={false} size="middle">Change password</SubmitButton>
      </VerticalForm>
    </>
  );
}

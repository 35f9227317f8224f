import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import styled from 'styled-components';
import { emailChangeBody, emailChangeVerifyBody } from '@/lib/contract/account';
import { colors } from '@/lib/palette';
import { messages } from '@/lib/validation/messages';
import { accountApi } from '@/client/http/account-api';
import { useAuthStore } from '@/store/auth';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';

const Current = styled.p`
  margin: 0 0 16px;
  color: ${colors.text};
  overflow-wrap: anywhere;
`;

interface RequestValues {
  email: string;
  password?: string;
}

const rules = {
  email: [zodRule(emailChangeBody.shape.email)],
  password: [{ required: true, message: messages.required('Current password') }],
  code: [zodRule(emailChangeVerifyBody.shape.code)],
};

/** Step 1: the new address (and the password, when the account has one); a code goes to that address. */
function RequestForm({ initial, onSent, onCancel }: { initial: string; onSent: (email: string) => void; onCancel: () => void }) {
  const user = useAuthStore((s) => s.user);
  const [form] = Form.useForm<RequestValues>();
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    const { data } = await accountApi.requestEmailChange(values);
    onSent(data.email);
  });
  return (
    <>
      <FormError message={error} />
      <VerticalForm<RequestValues> form={form} name="email-change" size="middle" onFinish={onFinish} initialValues={{ email: initial }}>
        <Form.Item label="New email" name="email" rules={rules.email}>
          <Input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} />
        </Form.Item>
        {user?.has_password && (
          <Form.Item label="Current password" name="password" rules={rules.password} extra="To make sure it is you.">
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <Space wrap>
          <SubmitButton submitting={submitting} block={false} size="middle">Send a code</SubmitButton>
          <Button onClick={onCancel}>Cancel</Button>
        </Space>
      </VerticalForm>
    </>
  );
}

/** Step 2: the code from the new address's inbox. */
function VerifyForm({ email, onBack, onDone }: { email: string; onBack: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const { submitting, error, onFinish } = useSubmit(form, async ({ code }) => {
    const { data, message: changed } = await accountApi.verifyEmailChange(code);
    useAuthStore.getState().setUser(data);
    void message.success(changed ?? `Your email is now ${data.email}.`);
    onDone();
  });
  return (
    <>
      <Current>
        We sent a 6-digit code to <strong>{email}</strong>. Type it here to confirm the change. It works for 10 minutes.
      </Current>
      <FormError message={error} />
      <VerticalForm<{ code: string }> form={form} name="email-change-verify" size="middle" onFinish={onFinish}>
        <Form.Item label="Code" name="code" rules={rules.code}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={12} style={{ maxWidth: 200 }} />
        </Form.Item>
        <Space wrap>
          <SubmitButton submitting={submitting} block={false} size="middle">Confirm new email</SubmitButton>
          <Button onClick={onBack}>Use another address or send a new code</Button>
        </Space>
      </VerticalForm>
    </>
  );
}

/** The address the person signs in with, and changing it: nothing changes until a code mailed to the new address comes back. */
export function EmailSettings() {
  const user = useAuthStore((s) => s.user);
  const [step, setStep] = useState<'shown' | 'request' | 'verify'>('shown');
  const [pending, setPending] = useState('');
  if (!user) return null;

  return (
    <>
      {step === 'shown' && (
        <>
          <Current>
            You sign in with <strong>{user.email}</strong>.
          </Current>
          <Button onClick={() => setStep('request')}>Change email</Button>
        </>
      )}
      {step === 'request' && (
        <RequestForm
          initial={pending}
          onCancel={() => setStep('shown')}
          onSent={(email) => {
            setPending(email);
            setStep('verify');
          }}
        />
      )}
      {step === 'verify' && (
        <VerifyForm
          email={pending}
          onBack={() => setStep('request')}
          onDone={() => {
            setPending('');
            setStep('shown');
          }}
        />
      )}
    </>
  );
}

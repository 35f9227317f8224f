import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import type { AuthenticationCredential, ProofBody, ProofRequirement } from '@/lib/contract/two-factor';
import { twoFactorApi } from '@/client/http/two-factor-api';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { getPasskeyAssertion, passkeyErrorMessage } from './passkeyCeremony';

interface ProofRequest {
  title: string;
  /** What happens once confirmed, in a sentence. */
  description?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Runs with the proof; a refusal stays in the dialog (next to the field when it is about it). */
  action: (proof: ProofBody) => Promise<void>;
}

interface ProofValues {
  password?: string;
  code?: string;
  /** Set by "Use your passkey": the second factor is the passkey's answer rather than the code field. */
  viaPasskey?: boolean;
}

/** What the code field takes, for the second factors the person has. */
function codeHint(methods: ProofRequirement['second_factor']): string {
  if (methods.includes('totp')) return 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';
  return methods.includes('passkey') ? 'Enter one of your recovery codes, or use your passkey.' : 'Enter one of your recovery codes.';
}

/** The passkey's answer to a challenge given for this proof; the browser's refusal in plain words. */
async function passkeyProof(): Promise<AuthenticationCredential> {
  const { data: options } = await twoFactorApi.proofPasskeyOptions();
  try {
    return await getPasskeyAssertion(options);
  } catch (e) {
    throw new Error(passkeyErrorMessage(e));
  }
}

/**
 * Asks for a fresh proof before a two-factor setting changes, then runs the
 * change with it, in one dialog: the password (accounts that have one) and,
 * once the account has a second factor, a code from it or its passkey, as
 * `requirement` (the API's status) says. Returns `ask` and the dialog to render.
 */
export function useProof(requirement: ProofRequirement) {
  const [request, setRequest] = useState<ProofRequest | null>(null);
  const [form] = Form.useForm<ProofValues>();
  const current = useRef<ProofRequest | null>(null);
  const { submitting, error, setError, onFinish } = useSubmit(form, async ({ viaPasskey, ...given }: ProofValues) => {
    const proof: ProofBody = viaPasskey ? { password: given.password, passkey: await passkeyProof() } : given;
    await current.current?.action(proof);
    setRequest(null);
  });

  const ask = useCallback((next: ProofRequest) => {
    current.current = next;
    setError(null);
    form.resetFields();
    setRequest(next);
  }, [form, setError]);

  const close = () => {
    if (!submitting) setRequest(null);
  };

  const methods = requirement.second_factor;
  const takesCode = methods.includes('totp') || methods.includes('recovery_code');
  const takesPasskey = methods.includes('passkey');
  /** The passkey instead of the code: only the password field is checked first. */
  const confirmWithPasskey = async () => {
    const valid = await form.validateFields(requirement.password ? ['password'] : []).then(() => true, () => false);
    if (valid) await onFinish({ password: form.getFieldValue('password') as string | undefined, viaPasskey: true });
  };

  const dialog = (
    <Modal open={request !== null} title={request?.title} onCancel={close} footer={null} destroyOnHidden>
      {request?.description && <Typography.Paragraph>{request.description}</Typography.Paragraph>}
      {methods.length > 0 && (
        <Typography.Paragraph type="secondary">
          Your account has two-factor sign-in, so confirm with your second factor as well.
        </Typography.Paragraph>
      )}
      <FormError message={error} />
      <VerticalForm<ProofValues> form={form} name="confirm-identity" size="middle" onFinish={onFinish}>
        {requirement.password && (
          <Form.Item
            label="Current password"
            name="password"
            extra={methods.length > 0 ? undefined : 'To keep your account safe, confirm it is you.'}
            rules={[{ required: true, whitespace: true, message: 'Please enter your current password' }]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        )}
        {takesCode && (
          <Form.Item
            label="Authentication or recovery code"
            name="code"
            extra={codeHint(methods)}
            rules={[{ required: true, whitespace: true, message: 'Please enter your authentication or recovery code' }]}
          >
            <Input
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={20}
              autoFocus={!requirement.password}
            />
          </Form.Item>
        )}
        {(takesCode || !takesPasskey) && (
          <SubmitButton submitting={submitting} danger={request?.danger} size="middle">
            {request?.confirmLabel ?? 'Confirm'}
          </SubmitButton>
        )}
        {takesPasskey && (
          <Button
            block
            type={takesCode ? 'default' : 'primary'}
            danger={!takesCode && request?.danger}
            icon={<KeyOutlined aria-hidden />}
            onClick={confirmWithPasskey}
            loading={submitting}
            disabled={submitting}
            style={{ marginTop: takesCode ? 12 : 0 }}
          >
            {takesCode ? 'Use your passkey instead' : `${request?.confirmLabel ?? 'Confirm'} with your passkey`}
          </Button>
        )}
      </VerticalForm>
    </Modal>
  );

  return { ask, dialog };
}

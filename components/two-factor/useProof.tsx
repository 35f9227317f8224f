import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import type { ProofBody, ProofKind } from '@/lib/contract/two-factor';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';

interface ProofRequest {
  title: string;
  /** What happens once confirmed, in a sentence. */
  description?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Runs with the proof; a refusal stays in the dialog (next to the field when it is about it). */
  action: (proof: ProofBody) => Promise<void>;
}

const fieldFor: Record<Exclude<ProofKind, 'recent_sign_in'>, { name: keyof ProofBody; label: string; extra: string }> = {
  password: { name: 'password', label: 'Current password', extra: 'To keep your account safe, confirm it is you.' },
  code: {
    name: 'code',
    label: 'Authentication or recovery code',
    extra: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  },
};

/**
 * Asks for a fresh proof (the password, or a code for accounts without one)
 * before a two-factor setting changes, then runs the change with it.
 * Returns `ask` and the dialog to render.
 */
export function useProof(kind: ProofKind) {
  const [request, setRequest] = useState<ProofRequest | null>(null);
  const [form] = Form.useForm<ProofBody>();
  const current = useRef<ProofRequest | null>(null);
  const { submitting, error, setError, onFinish } = useSubmit(form, async (values) => {
    await current.current?.action(values);
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

  const field = kind === 'recent_sign_in' ? null : fieldFor[kind];
  const dialog = (
    <Modal open={request !== null} title={request?.title} onCancel={close} footer={null} destroyOnHidden>
      {request?.description && <Typography.Paragraph>{request.description}</Typography.Paragraph>}
      <FormError message={error} />
      <VerticalForm<ProofBody> form={form} name="confirm-identity" size="middle" onFinish={onFinish}>
        {field && (
          <Form.Item
            label={field.label}
            name={field.name}
            extra={field.extra}
            rules={[{ required: true, whitespace: true, message: `Please enter your ${field.label.toLowerCase()}` }]}
          >
            {field.name === 'password' ? (
              <Input.Password autoComplete="current-password" autoFocus />
            ) : (
              <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={20} autoFocus />
            )}
          </Form.Item>
        )}
        <SubmitButton submitting={submitting} danger={request?.danger} size="middle">
          {request?.confirmLabel ?? 'Confirm'}
        </SubmitButton>
      </VerticalForm>
    </Modal>
  );

  return { ask, dialog };
}

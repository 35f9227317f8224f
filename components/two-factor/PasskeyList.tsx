import { useState } from 'react';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import { renamePasskeyBody, type Passkey, type RegistrationCredential, type RenamePasskeyBody } from '@/lib/contract/two-factor';
import { colors } from '@/lib/palette';
import { twoFactorApi } from '@/client/http/two-factor-api';
import { formatWhen } from '@/components/common/format';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { createPasskeyCredential, passkeyErrorMessage } from './passkeyCeremony';
import type { TwoFactorChange } from './change';
import type { useProof } from './useProof';

const nameRules = [zodRule(renamePasskeyBody.shape.name)];

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  align-items: center;
  gap: 4px 12px;
  padding: 12px 0;
  border-bottom: 1px solid ${colors.divider};

  &:last-child {
    border-bottom: 0;
  }

  strong {
    display: block;
    overflow-wrap: anywhere;
  }

  .when {
    font-size: 13px;
    color: ${colors.textSecondary};
  }

  .actions {
    grid-column: 2;
    display: flex;
    gap: 8px;
  }

  @media (min-width: 576px) {
    grid-template-columns: auto minmax(0, 1fr) auto;

    .actions {
      grid-column: auto;
    }
  }
`;

const List = styled.ul`
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
`;

function RenameDialog({ passkey, onClose, onRenamed }: { passkey: Passkey | null; onClose: () => void; onRenamed: () => Promise<void> }) {
  const [form] = Form.useForm<RenamePasskeyBody>();
  const { submitting, error, onFinish } = useSubmit(form, async ({ name }) => {
    if (!passkey) return;
    await twoFactorApi.renamePasskey(passkey.id, name);
    await onRenamed();
    onClose();
  });
  return (
    <Modal open={passkey !== null} title="Rename passkey" onCancel={() => !submitting && onClose()} footer={null} destroyOnHidden>
      <FormError message={error} />
      <VerticalForm<RenamePasskeyBody> form={form} name="rename-passkey" size="middle" onFinish={onFinish} initialValues={{ name: passkey?.name }}>
        <Form.Item label="Name" name="name" rules={nameRules} extra="A name you will recognise, like “Work laptop” or “Blue security key”.">
          <Input maxLength={60} autoFocus />
        </Form.Item>
        <SubmitButton submitting={submitting} size="middle">Save</SubmitButton>
      </VerticalForm>
    </Modal>
  );
}

interface PasskeyListProps {
  passkeys: Passkey[];
  proof: ReturnType<typeof useProof>;
  /** A passkey was added (with recovery codes and the sessions that predate it, when it is the first second factor), renamed or removed. */
  onChanged: (change?: TwoFactorChange) => Promise<void>;
}

/** The person's passkeys: add one, rename, remove; when each was last used. */
export function PasskeyList({ passkeys, proof, onChanged }: PasskeyListProps) {
  const [renaming, setRenaming] = useState<Passkey | null>(null);

  const add = () => proof.ask({
    title: 'Add a passkey',
    description: 'Next, your browser asks you to create a passkey with this device (fingerprint, face or PIN) or a security key.',
    confirmLabel: 'Continue',
    action: async (given) => {
      const { data: options } = await twoFactorApi.passkeyOptions(given);
      let credential: RegistrationCredential;
      try {
        credential = await createPasskeyCredential(options);
      } catch (e) {
        throw new Error(passkeyErrorMessage(e));
      }
      const { data } = await twoFactorApi.addPasskey(credential);
      await onChanged({ recoveryCodes: data.recovery_codes ?? undefined, otherSessions: data.other_sessions });
    },
  });

  const remove = (passkey: Passkey) => proof.ask({
    title: `Remove “${passkey.name}”?`,
    description: 'It will no longer sign you in. You can add it again later.',
    confirmLabel: 'Remove passkey',
    danger: true,
    action: async (given) => {
      await twoFactorApi.removePasskey(passkey.id, given);
      await onChanged();
    },
  });

  return (
    <div>
      <Header>
        <div>
          <Typography.Text strong>Passkeys</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Sign in with your fingerprint, face, device PIN or a security key — with or without your password.
          </Typography.Paragraph>
        </div>
        <Button icon={<KeyOutlined aria-hidden />} onClick={add}>Add a passkey</Button>
      </Header>
      {passkeys.length > 0 && (
        <List aria-label="Passkeys">
          {passkeys.map((passkey) => (
            <Item key={passkey.id} aria-label={passkey.name}>
              <KeyOutlined aria-hidden />
              <div>
                <strong>{passkey.name}</strong>
                <span className="when">
                  Added {formatWhen(passkey.created_at)} · {passkey.last_used_at ? `Last used ${formatWhen(passkey.last_used_at)}` : 'Never used'}
                </span>
              </div>
              <div className="actions">
                <Button size="small" onClick={() => setRenaming(passkey)} aria-label={`Rename ${passkey.name}`}>Rename</Button>
                <Button size="small" danger onClick={() => remove(passkey)} aria-label={`Remove ${passkey.name}`}>Remove</Button>
              </div>
            </Item>
          ))}
        </List>
      )}
      <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} onRenamed={() => onChanged()} />
    </div>
  );
}

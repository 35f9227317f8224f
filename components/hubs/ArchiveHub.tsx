import { useState } from 'react';
import { useRouter } from 'next/router';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { archiveHubBody, type ArchiveHubBody, type MyHub } from '@/lib/contract/hubs';
import { hubAdminApi } from '@/client/http/hub-admin-api';
import { useAuthStore } from '@/store/auth';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { landingPathFor } from '@/lib/onboarding/guard';
import { Panel } from '../ui/Panel';

const rules = { confirm: [zodRule(archiveHubBody.shape.confirm)] };

/** Archiving the hub (owner only): a confirmation in which the owner types the hub's handle. */
export function ArchiveHub({ hub }: { hub: MyHub }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ArchiveHubBody>();
  const typed = Form.useWatch('confirm', form);
  const { submitting, error, setError, onFinish } = useSubmit(form, async (values) => {
    const { data } = await hubAdminApi.archive(hub.domain_handle, values);
    useAuthStore.getState().setUser(data);
    setOpen(false);
    await router.replace(landingPathFor(data));
  });
  const matches = typeof typed === 'string' && typed.trim().toLowerCase() === hub.domain_handle;

  const close = () => {
    if (submitting) return;
    setError(null);
    setOpen(false);
  };

  return (
    <Panel title="Archive hub">
      <Typography.Paragraph type="secondary">
        Archiving takes the hub away from every member: it leaves their hub lists and nobody can join it. Its spaces and
        content are kept.
      </Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)}>
        Archive hub
      </Button>
      <Modal open={open} title={`Archive ${hub.name}?`} onCancel={close} footer={null} destroyOnHidden>
        <Typography.Paragraph>
          Everyone loses access to <strong>{hub.name}</strong> at once. To confirm, type the hub handle{' '}
          <Typography.Text code>{hub.domain_handle}</Typography.Text> below.
        </Typography.Paragraph>
        <FormError message={error} />
        <VerticalForm<ArchiveHubBody> form={form} name="archive-hub" size="middle" onFinish={onFinish}>
          <Form.Item label="Hub handle" name="confirm" rules={rules.confirm}>
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} placeholder={hub.domain_handle} />
          </Form.Item>
          <SubmitButton submitting={submitting} danger disabled={!matches} size="middle">
            Archive this hub
          </SubmitButton>
        </VerticalForm>
      </Modal>
    </Panel>
  );
}

import { App, Form, Select, Typography } from 'antd';
import { transferHubBody, type MyHub, type TransferHubBody } from '@/lib/contract/hubs';
import { hubAdminApi } from '@/client/http/hub-admin-api';
import { useAuthStore } from '@/store/auth';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { Panel } from '@/components/ui/Panel';
import { useMemberSearch } from './useMemberSearch';

const rules = { user_id: [zodRule(transferHubBody.shape.user_id)] };

/** Hands the hub to another member (owner only); the owner becomes an editor. */
export function TransferOwnership({ hub }: { hub: MyHub }) {
  const { modal, message } = App.useApp();
  const meId = useAuthStore((s) => s.user?.id);
  const [form] = Form.useForm<TransferHubBody>();
  const picker = useMemberSearch(hub.domain_handle, (m) => m.user_id !== meId);
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    await hubAdminApi.transfer(hub.domain_handle, values);
    await useAuthStore.getState().loadUser();
    void message.success('Ownership transferred. You are now an editor of this hub.');
  });

  const confirm = (values: TransferHubBody) => {
    const name = picker.members.find((m) => m.user_id === values.user_id)?.name ?? 'this member';
    modal.confirm({
      title: `Make ${name} the owner of ${hub.name}?`,
      content: 'You become an editor: you can no longer change roles, transfer or archive the hub.',
      okText: 'Transfer ownership',
      okButtonProps: { danger: true },
      onOk: () => onFinish(values),
    });
  };

  return (
    <Panel title="Ownership">
      <Typography.Paragraph type="secondary">
        Hand the hub to another member. They become its owner and you become an editor.
      </Typography.Paragraph>
      <FormError message={error ?? picker.error} />
      <VerticalForm<TransferHubBody> form={form} name="transfer-hub" size="middle" onFinish={confirm}>
        <Form.Item label="New owner" name="user_id" rules={rules.user_id}>
          <Select
            showSearch={{ filterOption: false, onSearch: picker.setSearch }}
            loading={picker.loading}
            placeholder="Search members by name or email"
            notFoundContent={picker.loading ? 'Searching…' : 'No other members match'}
            options={picker.members.map((m) => ({ value: m.user_id, label: `${m.name} (${m.email})` }))}
          />
        </Form.Item>
        <SubmitButton submitting={submitting} block={false} size="middle">
          Transfer ownership
        </SubmitButton>
      </VerticalForm>
    </Panel>
  );
}

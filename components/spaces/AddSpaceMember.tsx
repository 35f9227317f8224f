import { App, Form, Select } from 'antd';
import styled from 'styled-components';
import { addSpaceMemberBody, type AddSpaceMemberBody, type Space } from '@/lib/contract/spaces';
import type { Role } from '@/lib/contract/settings';
import { spacesApi } from '@/client/http/spaces-api';
import { useAuthStore } from '@/store/auth';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { roleOptions } from '@/components/common/roles';
import { useMemberSearch } from '@/components/members/useMemberSearch';

const Row = styled.div`
  display: grid;
  gap: 0 12px;
  align-items: start;

  @media (min-width: 576px) {
    grid-template-columns: minmax(0, 1fr) 120px auto;

    .submit {
      margin-top: 30px;
    }
  }
`;

const rules = {
  user_id: [zodRule(addSpaceMemberBody.shape.user_id)],
  role: [zodRule(addSpaceMemberBody.shape.role)],
};

/** Adds a member of the hub to the space with a role; only owners may hand out the owner role. */
export function AddSpaceMember({ space, onAdded }: { space: Space; onAdded(): void }) {
  const { message } = App.useApp();
  const handle = useAuthStore((s) => s.user?.active_organization?.domain_handle ?? '');
  const [form] = Form.useForm<AddSpaceMemberBody>();
  const picker = useMemberSearch(handle, () => true);
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    const { data } = await spacesApi.addMember(space.id, values);
    form.resetFields();
    void message.success(`${data.name} is now in ${space.name}.`);
    onAdded();
  });
  const roles = roleOptions.filter((o) => space.abilities.grant_roles.includes(o.value));

  return (
    <>
      <FormError message={error ?? picker.error} />
      <VerticalForm<AddSpaceMemberBody>
        form={form}
        name="add-space-member"
        size="middle"
        onFinish={onFinish}
        initialValues={{ role: 'viewer' satisfies Role }}
      >
        <Row>
          <Form.Item label="Hub member" name="user_id" rules={rules.user_id}>
            <Select
              showSearch={{ filterOption: false, onSearch: picker.setSearch }}
              loading={picker.loading}
              placeholder="Choose a member of the hub"
              notFoundContent={picker.loading ? 'Searching…' : 'Nobody matches'}
              options={picker.members.map((m) => ({ value: m.user_id, label: `${m.name} (${m.email})` }))}
            />
          </Form.Item>
          <Form.Item label="Space role" name="role" rules={rules.role}>
            <Select<Role> options={roles} />
          </Form.Item>
          <div className="submit">
            <SubmitButton submitting={submitting} block={false} size="middle">
              Add to space
            </SubmitButton>
          </div>
        </Row>
      </VerticalForm>
    </>
  );
}

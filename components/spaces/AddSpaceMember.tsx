import { useState } from 'react';
import { App, Form, Select } from 'antd';
import styled from 'styled-components';
import { addSpaceMemberBody, type AddSpaceMemberBody, type Space } from '@/lib/contract/spaces';
import type { Role } from '@/lib/contract/settings';
import { spacesApi } from '@/client/http/spaces-api';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { roleOptions, roleWithArticle } from '@/components/common/roles';
import { usePickerSearch } from '@/components/ui/usePickerSearch';

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

/**
 * Adds a member of the hub to the space with a role; only owners may hand out the owner role.
 * The picker offers whom the server says could be added: nobody already in, nor the one adding.
 */
export function AddSpaceMember({ space, onAdded }: { space: Space; onAdded(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AddSpaceMemberBody>();
  // Each addition asks again, so the person just added is no longer offered.
  const [added, setAdded] = useState(0);
  const picker = usePickerSearch(`${space.id}#${added}`, async (term) => (await spacesApi.memberCandidates(space.id, term)).data);
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    const { data } = await spacesApi.addMember(space.id, values);
    form.resetFields();
    setAdded((n) => n + 1);
    void message.success(`${data.name} is now ${roleWithArticle(data.role)} in ${space.name}.`);
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
              notFoundContent={picker.loading ? 'Searching…' : 'Nobody else in the hub matches'}
              options={picker.items.map((m) => ({ value: m.user_id, label: `${m.name} (${m.email})` }))}
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

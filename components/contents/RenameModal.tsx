import { Button, Form, Input, Modal } from 'antd';
import styled from 'styled-components';
import { renameContentBody, type ContentItem, type RenameContentBody } from '@/lib/contract/contents';
import { contentsApi } from '@/client/http/contents-api';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;

const nameRules = [zodRule(renameContentBody.shape.name)];

/** Renames one item; the list shows the new name as soon as the server has it. */
export function RenameModal({ item, onClose, onRenamed }: { item: ContentItem | null; onClose(): void; onRenamed(item: ContentItem): void }) {
  return (
    <Modal open={item !== null} title="Rename" onCancel={onClose} footer={null} destroyOnHidden>
      {item && <RenameForm item={item} onClose={onClose} onRenamed={onRenamed} />}
    </Modal>
  );
}

function RenameForm({ item, onClose, onRenamed }: { item: ContentItem; onClose(): void; onRenamed(item: ContentItem): void }) {
  const [form] = Form.useForm<RenameContentBody>();
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    onRenamed((await contentsApi.rename(item.space_id, item.id, values)).data);
  });
  return (
    <>
      <FormError message={error} />
      <VerticalForm<RenameContentBody> form={form} name="rename-content" onFinish={onFinish} initialValues={{ name: item.name }} size="middle">
        <Form.Item label="Name" name="name" rules={nameRules}>
          <Input maxLength={200} autoFocus onFocus={(e) => e.target.select()} />
        </Form.Item>
        <Actions>
          <Button onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <SubmitButton submitting={submitting} block={false} size="middle">
            Save
          </SubmitButton>
        </Actions>
      </VerticalForm>
    </>
  );
}

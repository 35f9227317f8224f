import { useRef, type RefObject } from 'react';
import { Button, Form, Input, Modal, type InputRef } from 'antd';
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

/** How much of a file's name comes before its extension ("plan" of "plan.txt"), so typing keeps the extension. */
function baseNameLength(name: string, extension: string | null): number {
  const suffix = extension ? `.${extension}` : '';
  return suffix && name.length > suffix.length && name.toLowerCase().endsWith(suffix.toLowerCase()) ? name.length - suffix.length : name.length;
}

/** Renames one item; the list shows the new name as soon as the server has it. */
export function RenameModal({ item, onClose, onRenamed }: { item: ContentItem | null; onClose(): void; onRenamed(item: ContentItem): void }) {
  const nameField = useRef<InputRef>(null);
  // Once the dialog has opened (and moved the focus into itself), the name is focused, selected up to its extension.
  const focusName = (open: boolean) => {
    const el = nameField.current?.input;
    if (!open || !el) return;
    el.focus();
    el.setSelectionRange(0, baseNameLength(el.value, item?.extension ?? null));
  };
  return (
    <Modal open={item !== null} title="Rename" onCancel={onClose} footer={null} destroyOnHidden afterOpenChange={focusName}>
      {item && <RenameForm item={item} nameField={nameField} onClose={onClose} onRenamed={onRenamed} />}
    </Modal>
  );
}

interface RenameFormProps {
  item: ContentItem;
  nameField: RefObject<InputRef | null>;
  onClose(): void;
  onRenamed(item: ContentItem): void;
}

function RenameForm({ item, nameField, onClose, onRenamed }: RenameFormProps) {
  const [form] = Form.useForm<RenameContentBody>();
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    onRenamed((await contentsApi.rename(item.space_id, item.id, values)).data);
  });
  return (
    <>
      <FormError message={error} />
      <VerticalForm<RenameContentBody> form={form} name="rename-content" onFinish={onFinish} initialValues={{ name: item.name }} size="middle">
        <Form.Item label="Name" name="name" rules={nameRules}>
          <Input ref={nameField} maxLength={200} />
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

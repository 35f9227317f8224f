import { Button, Form, Modal } from 'antd';
import styled from 'styled-components';
import type { ContactBody, ContentItem } from '@/lib/contract/contents';
import { contactTemplateFields } from '@/lib/contract/templates';
import { contentsApi } from '@/client/http/contents-api';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { TemplateFields } from '@/components/records/TemplateFields';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;

// The address is a line of its own, like the paragraph below it.
const WIDE_KEYS = ['address'];

interface ContactFormModalProps {
  spaceId: string;
  open: boolean;
  onClose(): void;
  onCreated(item: ContentItem): void;
}

/** "Add contact": the built-in contact template (spec §3), drawn and checked like any template. */
export function ContactFormModal({ spaceId, open, onClose, onCreated }: ContactFormModalProps) {
  return (
    <Modal open={open} title="Add a contact" onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <ContactForm spaceId={spaceId} onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function ContactForm({ spaceId, onClose, onCreated }: Omit<ContactFormModalProps, 'open'>) {
  const [form] = Form.useForm<ContactBody>();
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    onCreated((await contentsApi.addContact(spaceId, values)).data);
  });
  return (
    <>
      <FormError message={error} />
      <VerticalForm<ContactBody> form={form} name="add-contact" onFinish={onFinish} size="middle">
        <TemplateFields fields={contactTemplateFields} spaceId={spaceId} columns wideKeys={WIDE_KEYS} />
        <Actions>
          <Button onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <SubmitButton submitting={submitting} block={false} size="middle">
            Add contact
          </SubmitButton>
        </Actions>
      </VerticalForm>
    </>
  );
}

import { Button, Form, Input, Modal } from 'antd';
import styled from 'styled-components';
import { breakpoints } from '@/lib/constants';
import { contactBody, contactFields, type ContactBody, type ContentItem } from '@/lib/contract/contents';
import { contentsApi } from '@/client/http/contents-api';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';

const Fields = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  column-gap: 16px;

  @media (min-width: ${breakpoints.sm}px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));

    .wide {
      grid-column: 1 / -1;
    }
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;

type ContactField = (typeof contactFields)[number];

/** Each field checks with the same rule (and message) the server uses. */
const rules = Object.fromEntries(contactFields.map((f) => [f.name, [zodRule(contactBody.shape[f.name])]]));

function inputFor(field: ContactField) {
  switch (field.type) {
    case 'email':
      return <Input type="email" inputMode="email" autoComplete="email" maxLength={254} />;
    case 'phone':
      return <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={24} placeholder="+44 20 7946 0958" />;
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount />;
    default:
      return <Input maxLength={field.name === 'address' ? 300 : 120} />;
  }
}

interface ContactFormModalProps {
  spaceId: string;
  open: boolean;
  onClose(): void;
  onCreated(item: ContentItem): void;
}

/** "Add contact": the contact form template (spec §3), field by field. */
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
        <Fields>
          {contactFields.map((field) => (
            <Form.Item
              key={field.name}
              className={field.type === 'textarea' || field.name === 'address' ? 'wide' : undefined}
              label={field.required ? field.label : `${field.label} (optional)`}
              name={field.name}
              rules={rules[field.name]}
            >
              {inputFor(field)}
            </Form.Item>
          ))}
        </Fields>
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

import { useMemo } from 'react';
import { App, Button, Form, Modal } from 'antd';
import type { RecordItem } from '@/lib/contract/records';
import type { FieldValue, RecordValues, TemplateField } from '@/lib/contract/templates';
import { defaultValuesOf } from '@/lib/validation/template-schema';
import { errorCode, errorMessage } from '@/client/http/clients';
import { recordsApi } from '@/client/http/records-api';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { TemplateFields } from '@/components/records/TemplateFields';

interface RecordFormModalProps {
  table: { spaceId: string; contentId: string };
  fields: readonly TemplateField[];
  /** The record opened, or 'new' for "Add record"; null when closed. */
  record: RecordItem | 'new' | null;
  editable: boolean;
  onClose(): void;
  onSaved(record: RecordItem, created: boolean): void;
  onDeleted(record: RecordItem): void;
  onConflict(record: RecordItem, attempted: Record<string, FieldValue>, message: string): Promise<RecordItem>;
}

/** A whole record as a form: every live field of the template, saved on top of its version. */
export function RecordFormModal(props: RecordFormModalProps) {
  const { record, onClose } = props;
  const title = record === 'new' ? 'Add record' : props.editable ? 'Edit record' : 'Record';
  return (
    <Modal open={record !== null} title={title} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {record !== null && <RecordForm key={record === 'new' ? 'new' : `${record.id}:${record.version}`} {...props} record={record} />}
    </Modal>
  );
}

function RecordForm({ table, fields, record, editable, onClose, onSaved, onDeleted, onConflict }: RecordFormModalProps & { record: RecordItem | 'new' }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<RecordValues>();
  const initial = useMemo(() => (record === 'new' ? defaultValuesOf(fields) : record.values), [record, fields]);
  const { submitting, error, setError, onFinish } = useSubmit(form, async (values) => {
    if (record === 'new') {
      onSaved((await recordsApi.create(table.spaceId, table.contentId, values)).data, true);
      return;
    }
    try {
      onSaved((await recordsApi.update(table.spaceId, table.contentId, record.id, values, record.version)).data, false);
    } catch (e) {
      if (errorCode(e) !== 'edit_conflict') throw e;
      onSaved(await onConflict(record, values, errorMessage(e)), false);
    }
  });

  const confirmDelete = (existing: RecordItem) =>
    modal.confirm({
      title: 'Delete this record?',
      content: 'It is removed from the table. This cannot be undone.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await recordsApi.remove(table.spaceId, table.contentId, existing.id);
          onDeleted(existing);
        } catch (e) {
          setError(`We could not delete this record. ${errorMessage(e)}`);
        }
      },
    });

  return (
    <>
      <FormError message={error} />
      <VerticalForm<RecordValues> form={form} name="record" onFinish={onFinish} size="middle" initialValues={initial}>
        <TemplateFields fields={fields} spaceId={table.spaceId} disabled={!editable} />
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 8 }}>
          {record !== 'new' && editable && (
            <Button danger onClick={() => confirmDelete(record)} disabled={submitting} style={{ marginInlineEnd: 'auto' }}>
              Delete
            </Button>
          )}
          <Button onClick={onClose}>
            {editable ? 'Cancel' : 'Close'}
          </Button>
          {editable && (
            <SubmitButton submitting={submitting} block={false} size="middle">
              {record === 'new' ? 'Add record' : 'Save'}
            </SubmitButton>
          )}
        </div>
      </VerticalForm>
    </>
  );
}

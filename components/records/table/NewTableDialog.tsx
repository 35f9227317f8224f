import { useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import { Button, Form, Input, Modal, Select } from 'antd';
import { CONTACT_TEMPLATE_ID, type Template } from '@/lib/contract/templates';
import { createRecordTableBody, RECORD_TABLE_NAME_MAX } from '@/lib/contract/records';
import type { ContentItem } from '@/lib/contract/contents';
import { errorMessage } from '@/client/http/clients';
import { recordsApi } from '@/client/http/records-api';
import { templatesApi } from '@/client/http/templates-api';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { LoadFailure } from '@/components/common/LoadFailure';
import { recordTablePath } from './paths';

interface NewTableValues {
  name: string;
  template_id: string;
}

interface NewTableDialogProps {
  spaceId: string;
  open: boolean;
  onClose(): void;
  /** An uploaded table or contact file to turn into the new table: its rows are imported next. */
  from?: ContentItem | null;
}

const nameRule = zodRule(createRecordTableBody.shape.name);
const templateRule = zodRule(createRecordTableBody.shape.template_id);

/** The file's name without its extension. */
const baseName = (name: string) => name.replace(/\.[^.]+$/, '') || name;

/**
 * "New record table" (a name and a live template), or "Turn into record
 * table" for an uploaded file; either way the new table opens, the second
 * straight at its import's mapping step.
 */
export function NewTableDialog({ spaceId, open, onClose, from = null }: NewTableDialogProps) {
  return (
    <Modal open={open} title={from ? 'Turn into record table' : 'New record table'} onCancel={onClose} footer={null} destroyOnHidden>
      <NewTableForm spaceId={spaceId} onClose={onClose} from={from} />
    </Modal>
  );
}

function NewTableForm({ spaceId, onClose, from }: Omit<NewTableDialogProps, 'open'>) {
  const router = useRouter();
  const [form] = Form.useForm<NewTableValues>();
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    templatesApi.list().then(
      ({ data }) => live && setTemplates(data.filter((t) => !t.archived)),
      (e: unknown) => live && setLoadError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    const { data } = await recordsApi.createTable(spaceId, values);
    await router.push(recordTablePath(spaceId, data.id, from ? { importFrom: from.id } : {}));
  });

  const initial: Partial<NewTableValues> = from
    ? { name: baseName(from.name), ...(from.kind === 'contact' ? { template_id: CONTACT_TEMPLATE_ID } : {}) }
    : {};

  return (
    <>
      <FormError message={error} />
      {loadError && (
        <LoadFailure
          message="We could not load the templates."
          error={loadError}
          onRetry={() => {
            setLoadError(null);
            setAttempt((n) => n + 1);
          }}
          style={{ marginBottom: 16 }}
        />
      )}
      <VerticalForm<NewTableValues> form={form} name="new-record-table" onFinish={onFinish} size="middle" initialValues={initial}>
        <Form.Item label="Name" name="name" rules={[nameRule]}>
          <Input maxLength={RECORD_TABLE_NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item label="Template" name="template_id" rules={[templateRule]} extra="Each record of the table fills in this template's fields.">
          <Select
            aria-label="Template"
            loading={templates === null && !loadError}
            placeholder="Choose a template"
            options={(templates ?? []).map((t) => ({ value: t.id, label: t.name }))}
          />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <SubmitButton submitting={submitting} block={false} size="middle">
            {from ? 'Create and import' : 'Create table'}
          </SubmitButton>
        </div>
      </VerticalForm>
    </>
  );
}

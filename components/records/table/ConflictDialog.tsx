import { useState } from 'react';
import { Alert, Button, Descriptions, Modal } from 'antd';
import type { RecordItem } from '@/lib/contract/records';
import type { RecordValues, TemplateField } from '@/lib/contract/templates';
import { colors } from '@/lib/palette';
import { errorCode, errorMessage } from '@/client/http/clients';
import { recordsApi } from '@/client/http/records-api';
import { FieldValueView } from '@/components/records/TemplateFields';

/** A save refused because someone else saved first: the API's sentence, the current record and what the person tried. */
export interface Conflict {
  message: string;
  current: RecordItem;
  attempted: RecordValues;
  /** Called with the record that stands at the end: theirs, or the person's change applied again. */
  settle(record: RecordItem): void;
}

interface ConflictDialogProps {
  conflict: Conflict | null;
  fields: readonly TemplateField[];
  table: { spaceId: string; contentId: string };
  /** Someone saved again before "Apply mine again": shown afresh with the newer values. */
  onConflictAgain(conflict: Conflict): void;
}

/** "Use theirs" or "Apply mine again" (a new PATCH on the current version); nothing is overwritten silently. */
export function ConflictDialog({ conflict, fields, table, onConflictAgain }: ConflictDialogProps) {
  const [applying, setApplying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!conflict) return null;
  const { current, attempted, settle } = conflict;

  const applyMine = async () => {
    setApplying(true);
    setProblem(null);
    try {
      const { data } = await recordsApi.update(table.spaceId, table.contentId, current.id, attempted, current.version);
      settle(data);
    } catch (e) {
      if (errorCode(e) === 'edit_conflict') {
        try {
          const { data } = await recordsApi.get(table.spaceId, table.contentId, current.id);
          onConflictAgain({ ...conflict, message: errorMessage(e), current: data });
        } catch (again) {
          setProblem(`We could not load the current values. ${errorMessage(again)}`);
        }
      } else setProblem(`We could not save your change. ${errorMessage(e)}`);
    } finally {
      setApplying(false);
    }
  };

  const shown = fields.filter((f) => !f.removed);
  return (
    <Modal
      open
      title="This record was changed"
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button key="theirs" onClick={() => settle(current)} disabled={applying}>
          Use theirs
        </Button>,
        <Button key="mine" type="primary" onClick={() => void applyMine()} loading={applying}>
          {problem ? 'Try again' : 'Apply mine again'}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title={conflict.message} style={{ marginBottom: 16 }} />
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Descriptions column={1} size="small" bordered aria-label="Current values">
        {shown.map((field) => (
          <Descriptions.Item key={field.key} label={field.label}>
            <FieldValueView field={field} value={current.values[field.key]} />
            {field.key in attempted && (
              <div style={{ marginTop: 4, color: colors.textSecondary }}>
                Yours: <FieldValueView field={field} value={attempted[field.key]} />
              </div>
            )}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Modal>
  );
}

import { useState } from 'react';
import { CheckOutlined, HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Skeleton } from 'antd';
import styled from 'styled-components';
import { NOTE_BODY_MAX, noteBody, type ContentItem, type NoteBody } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { contentsApi } from '@/client/http/contents-api';
import { getDraft, removeDraft, saveDraft } from '@/store/drafts';
import { LoadFailure } from '@/components/common/LoadFailure';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { useLoad } from '@/components/ui/useLoad';
import { formatWhen } from '@/components/common/format';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;

  .saved {
    font-size: 13px;
    color: ${colors.textSecondary};
  }
`;

const Title = styled(Input)`
  font-size: 20px;
  font-weight: 600;
`;

const rules = { title: [zodRule(noteBody.shape.title)], body: [zodRule(noteBody.shape.body)] };

/** Where a note's unsaved words wait: one draft per space for a new note, one per note being edited. */
export const noteDraftId = (spaceId: string, noteId: string | null) => `note:${spaceId}:${noteId ?? 'new'}`;

interface NoteValues {
  title: string;
  body: string;
}

/** A note's whole text: the API serves it a page at a time. */
async function noteText(spaceId: string, noteId: string): Promise<string> {
  const first = (await contentsApi.text(spaceId, noteId, 1)).data;
  const rest = [];
  for (let page = 2; page <= first.page_count; page += 1) rest.push((await contentsApi.text(spaceId, noteId, page)).data.text);
  return [first.text, ...rest].join('');
}

interface NoteEditorProps {
  spaceId: string;
  open: boolean;
  /** The note to edit; null writes a new one. */
  note: ContentItem | null;
  onClose(): void;
  onSaved(item: ContentItem, created: boolean): void;
}

/**
 * Writes or edits a note. Every change is kept as a draft on this device, so
 * closing the window or reloading loses nothing; the draft comes back (and
 * says so) when the editor opens again, and goes once the note is saved.
 */
export function NoteEditor({ spaceId, open, note, onClose, onSaved }: NoteEditorProps) {
  return (
    <Modal open={open} title={note ? 'Edit note' : 'New note'} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {note ? <ExistingNote spaceId={spaceId} note={note} onClose={onClose} onSaved={onSaved} /> : (
        <NoteForm spaceId={spaceId} note={null} original={{ title: '', body: '' }} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function ExistingNote({ spaceId, note, onClose, onSaved }: Omit<NoteEditorProps, 'open' | 'note'> & { note: ContentItem }) {
  const { load, retry } = useLoad(note.id, (id) => noteText(spaceId, id));
  if (load.state === 'loading') return <Skeleton active paragraph={{ rows: 6 }} />;
  if (load.state !== 'ready') return <LoadFailure message="We could not open this note." error={load.message} onRetry={retry} />;
  return <NoteForm spaceId={spaceId} note={note} original={{ title: note.name, body: load.value }} onClose={onClose} onSaved={onSaved} />;
}

function NoteForm({
  spaceId, note, original, onClose, onSaved,
}: Omit<NoteEditorProps, 'open'> & { original: NoteValues }) {
  const draftId = noteDraftId(spaceId, note?.id ?? null);
  const [form] = Form.useForm<NoteValues>();
  // Read once when the editor opens; later saves must not re-announce a restore.
  const [restored, setRestored] = useState(() => getDraft<NoteValues>(draftId));
  const [savedAt, setSavedAt] = useState<string | null>(null);

  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    const body: NoteBody = { title: values.title, body: values.body ?? '' };
    const { data } = note ? await contentsApi.updateNote(spaceId, note.id, body) : await contentsApi.addNote(spaceId, body);
    removeDraft(draftId);
    onSaved(data, note === null);
  });

  const discard = () => {
    removeDraft(draftId);
    form.setFieldsValue(original);
    setRestored(null);
    setSavedAt(null);
  };

  return (
    <>
      {restored && (
        <Alert
          type="info"
          showIcon
          icon={<HistoryOutlined />}
          title="Draft restored"
          description={`Your unsaved changes from ${formatWhen(restored.savedAt)} are back.`}
          action={
            <Button size="small" onClick={discard}>
              Discard draft
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <FormError message={error} />
      <VerticalForm<NoteValues>
        form={form}
        name="note"
        onFinish={onFinish}
        initialValues={restored?.data ?? original}
        onValuesChange={(_, values) => {
          setSavedAt(saveDraft(draftId, values).savedAt);
        }}
        size="middle"
      >
        <Form.Item label="Title" name="title" rules={rules.title}>
          <Title placeholder="Untitled note" maxLength={200} autoFocus />
        </Form.Item>
        <Form.Item label="Note" name="body" rules={rules.body}>
          <Input.TextArea placeholder="Write something…" autoSize={{ minRows: 10, maxRows: 24 }} maxLength={NOTE_BODY_MAX} />
        </Form.Item>
        <Actions>
          <span className="saved" aria-live="polite">
            {savedAt && (
              <>
                <CheckOutlined /> Draft saved on this device
              </>
            )}
          </span>
          <span style={{ display: 'flex', gap: 8 }}>
            <Button onClick={onClose} disabled={submitting}>
              Close
            </Button>
            <SubmitButton submitting={submitting} block={false} size="middle">
              {note ? 'Save note' : 'Create note'}
            </SubmitButton>
          </span>
        </Actions>
      </VerticalForm>
    </>
  );
}

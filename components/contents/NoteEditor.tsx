import { lazy, Suspense, useEffect, useState } from 'react';
import { CheckOutlined, HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Skeleton } from 'antd';
import styled from 'styled-components';
import { noteBody, type ContentItem, type NoteBody } from '@/lib/contract/contents';
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
import { noteText } from './editor/note-text';

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

const titleRules = [zodRule(noteBody.shape.title)];

// The rich-text editor is large: it comes with the first note written, never with the space's page.
const NoteBodyEditor = lazy(() => import('./editor/NoteBodyEditor').then((m) => ({ default: m.NoteBodyEditor })));

/** Where a note's unsaved words wait: one draft per space for a new note, one per note being edited. */
export const noteDraftId = (spaceId: string, noteId: string | null) => `note:${spaceId}:${noteId ?? 'new'}`;

interface NoteValues {
  title: string;
  body: string;
}

interface NoteEditorProps {
  spaceId: string;
  open: boolean;
  /** The note to edit; null writes a new one. */
  note: ContentItem | null;
  onClose(): void;
  onSaved(item: ContentItem, created: boolean): void;
  /** An image uploaded into the space while writing. */
  onUploaded?: (item: ContentItem) => void;
}

/**
 * Writes or edits a note. Every change is kept as a draft on this device, so
 * closing the window or reloading loses nothing; the draft comes back (and
 * says so) when the editor opens again, and goes once the note is saved.
 */
export function NoteEditor({ spaceId, open, note, onClose, onSaved, onUploaded }: NoteEditorProps) {
  const done = { onClose, onSaved, onUploaded };
  return (
    <Modal open={open} title={note ? 'Edit note' : 'New note'} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {note ? <ExistingNote spaceId={spaceId} note={note} {...done} /> : (
        <NoteForm spaceId={spaceId} note={null} original={{ title: '', body: '' }} {...done} />
      )}
    </Modal>
  );
}

function ExistingNote({ note, ...props }: Omit<NoteEditorProps, 'open' | 'note'> & { note: ContentItem }) {
  const { load, retry } = useLoad(note.id, (id) => noteText(props.spaceId, id));
  if (load.state === 'loading') return <Skeleton active paragraph={{ rows: 6 }} />;
  if (load.state !== 'ready') return <LoadFailure message="We could not open this note." error={load.message} onRetry={retry} />;
  return <NoteForm note={note} original={{ title: note.name, body: load.value }} {...props} />;
}

function NoteForm({
  spaceId, note, original, onClose, onSaved, onUploaded,
}: Omit<NoteEditorProps, 'open'> & { original: NoteValues }) {
  const draftId = noteDraftId(spaceId, note?.id ?? null);
  const [form] = Form.useForm<NoteValues>();
  // Read once when the editor opens; later saves must not re-announce a restore.
  const [restored, setRestored] = useState(() => getDraft<NoteValues>(draftId));
  const [savedAt, setSavedAt] = useState<string | null>(null);
  // Images still uploading hold the note back: saved now, it would miss them.
  const [uploading, setUploading] = useState(false);
  const bodyRules = [
    zodRule(noteBody.shape.body),
    { validator: () => (uploading ? Promise.reject(new Error('Wait until the images finish uploading.')) : Promise.resolve()) },
  ];
  // The wait is over (the upload finished or was given up): its message goes.
  useEffect(() => {
    if (!uploading && form.getFieldError('body').length > 0) void form.validateFields(['body']).catch(() => undefined);
  }, [uploading, form]);

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
        <Form.Item label="Title" name="title" rules={titleRules}>
          <Title placeholder="Untitled note" maxLength={200} autoFocus />
        </Form.Item>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <Form.Item label="Note" name="body" rules={bodyRules}>
            <NoteBodyEditor spaceId={spaceId} onBusyChange={setUploading} onUploaded={onUploaded} />
          </Form.Item>
        </Suspense>
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

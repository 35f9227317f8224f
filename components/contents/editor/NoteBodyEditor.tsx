import { useEffect, useMemo, useRef, useState } from 'react';
import { CloseOutlined, ExclamationCircleFilled, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import type { EditorProps } from '@tiptap/pm/view';
import { EditorContent, useEditor } from '@tiptap/react';
import { Button, Progress, Tooltip } from 'antd';
import styled from 'styled-components';
import type { ContentItem } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { useUploadQueue, type UploadTask } from '../useUploadQueue';
import { noteExtensions } from './extensions';
import { contentImageSrc } from './NoteImage';
import { NoteToolbar } from './NoteToolbar';
import { noteProse } from './prose';
import { addPlaceholder, placeholderPos, removePlaceholder, uploadPlaceholderKey, UploadPlaceholders } from './upload-placeholders';

const Shell = styled.div`
  border: 1px solid ${colors.borderControl};
  border-radius: 8px;
  background: ${colors.white};
  transition: border-color 0.2s, box-shadow 0.2s;

  &:hover {
    border-color: ${colors.primaryHover};
  }

  &:focus-within {
    border-color: ${colors.primary};
    box-shadow: 0 0 0 2px ${colors.primaryHighlight};
  }

  &[data-invalid='true'] {
    border-color: ${colors.error};
  }

  .ProseMirror {
    ${noteProse}
    /* About ten lines to write in; long notes scroll inside the window. */
    min-height: 260px;
    max-height: 60vh;
    padding: 12px 14px;
    overflow-y: auto;
    outline: none;
  }

  .text {
    position: relative;
  }

  .placeholder {
    position: absolute;
    top: 12px;
    left: 14px;
    font-size: 15px;
    line-height: 1.7;
    color: ${colors.textTertiary};
    pointer-events: none;
  }

  .upload-placeholder {
    display: inline-block;
    padding: 2px 8px;
    border: 1px dashed ${colors.primaryBorder};
    border-radius: 6px;
    font-size: 13px;
    color: ${colors.primaryText};
    background: ${colors.primaryBg};
  }
`;

const Uploads = styled.ul`
  display: grid;
  gap: 6px;
  margin: 0;
  padding: 8px 12px;
  border-top: 1px solid ${colors.divider};
  list-style: none;
  font-size: 13px;

  li {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: center;
    gap: 4px 8px;
  }

  .name {
    overflow: hidden;
    color: ${colors.text};
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .problem {
    grid-column: 2 / -1;
    color: ${colors.errorText};
  }

  .ant-progress {
    grid-column: 2 / -1;
    margin: 0;
  }
`;

/** The images a note is given: pasted, dropped or picked, files of those types only. */
const imagesOf = (files: FileList | null | undefined) => Array.from(files ?? []).filter((f) => f.type.startsWith('image/'));

interface NoteBodyEditorProps {
  spaceId: string;
  /** Markdown. */
  value?: string;
  onChange?: (markdown: string) => void;
  /** Whether images are still uploading (the note waits for them before it is saved). */
  onBusyChange?: (busy: boolean) => void;
  /** An image uploaded into the space from the note. */
  onUploaded?: (item: ContentItem) => void;
  placeholder?: string;
  /** From the form item: the field's id and state, for its label and messages. */
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

/**
 * A note's text as rich text: headings, lists, checklists, links, code,
 * quotes and images, with a toolbar and the usual shortcuts, read and
 * written as Markdown so a form (and its draft) holds it as a string.
 * Images go into the space through the upload queue and land where they
 * were pasted, dropped or picked once uploaded.
 */
export function NoteBodyEditor({
  spaceId, value = '', onChange, onBusyChange, onUploaded, placeholder = 'Write something…', id, ...aria
}: NoteBodyEditorProps) {
  // The Markdown last handed to the form: a value that differs came from outside (a discarded draft).
  const emitted = useRef(value);
  const changed = useRef(onChange);
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    changed.current = onChange;
    uploaded.current = onUploaded;
  });
  const [previews] = useState(() => new Map<string, string>());
  // The editor's paste and drop handlers are set once; they reach the latest upload through this.
  const upload = useRef<(files: File[], pos: number) => void>(() => undefined);

  // useEditor sets options that changed on every render; these change only when the form item's state does.
  const [extensions] = useState(() => [...noteExtensions({ spaceId, previews }), UploadPlaceholders]);
  const [content] = useState(value);
  const invalid = aria['aria-invalid'] === true || aria['aria-invalid'] === 'true';
  const describedBy = aria['aria-describedby'];
  const editorProps = useMemo<EditorProps>(
    () => ({
      // The form item's id, state and messages belong to the text itself.
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Note',
        'aria-placeholder': placeholder,
        ...(id ? { id } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
      handlePaste: (view, event) => {
        const files = imagesOf(event.clipboardData?.files);
        if (files.length === 0) return false;
        upload.current(files, view.state.selection.from);
        return true;
      },
      handleDrop: (view, event) => {
        const files = imagesOf(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        upload.current(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? view.state.selection.from);
        return true;
      },
    }),
    [id, invalid, describedBy, placeholder],
  );

  const editor = useEditor({
    immediatelyRender: false,
    extensions,
    content,
    contentType: 'markdown',
    editorProps,
    onUpdate: ({ editor: updated }) => {
      const markdown = updated.isEmpty ? '' : updated.getMarkdown();
      if (markdown === emitted.current) return;
      emitted.current = markdown;
      changed.current?.(markdown);
    },
  });

  const queue = useUploadQueue(spaceId, (item, task) => {
    uploaded.current?.(item);
    if (!editor || editor.isDestroyed) return;
    const pos = placeholderPos(editor.state, task.key);
    // Its place was deleted meanwhile: the image stays in the space, not in the note.
    if (pos === null) return;
    previews.set(item.id, URL.createObjectURL(task.file));
    // Brackets would end a Markdown image's text early.
    const alt = item.name.replace(/[[\]]/g, '');
    editor
      .chain()
      .insertContentAt(pos, { type: 'image', attrs: { src: contentImageSrc(item.id), alt } })
      .setMeta(uploadPlaceholderKey, removePlaceholder(task.key))
      .run();
  });
  const { tasks, add, setKind, cancel, start, waiting, dismiss, retry } = queue;
  // Uploaded images are in the text; the list keeps those still on their way or stopped.
  const listed = tasks.filter((t) => t.state !== 'done');

  useEffect(() => {
    upload.current = (files, pos) => {
      if (!editor) return;
      for (const task of add(files)) {
        // Pasted pictures are uploaded as images, whatever their name suggests.
        if (task.kind !== 'image') setKind(task.key, 'image');
        editor.view.dispatch(editor.state.tr.setMeta(uploadPlaceholderKey, addPlaceholder(task.key, pos, `Uploading ${task.file.name}…`)));
      }
    };
  }, [editor, add, setKind]);

  // Images start uploading as soon as they are given.
  useEffect(() => {
    if (waiting > 0) start();
  }, [waiting, start]);

  // Uploads still running stop with the editor, and its image previews go.
  const running = useRef(tasks);
  useEffect(() => {
    running.current = tasks;
  }, [tasks]);
  useEffect(
    () => () => {
      for (const task of running.current) cancel(task.key);
      for (const url of previews.values()) URL.revokeObjectURL(url);
    },
    [cancel, previews],
  );

  const busy = tasks.some((t) => t.state === 'uploading' || t.state === 'waiting');
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  // A value set from outside (a discarded draft) replaces the text.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { contentType: 'markdown', emitUpdate: false });
  }, [editor, value]);

  const remove = (task: UploadTask) => {
    cancel(task.key);
    dismiss(task.key);
    if (editor && !editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta(uploadPlaceholderKey, removePlaceholder(task.key)));
  };

  return (
    <Shell data-invalid={invalid}>
      <NoteToolbar editor={editor} onImages={(files) => editor && upload.current(files, editor.state.selection.from)} />
      <div className="text">
        {!value && (
          <span className="placeholder" aria-hidden>
            {placeholder}
          </span>
        )}
        <EditorContent editor={editor} />
      </div>
      {listed.length > 0 && (
        <Uploads aria-label="Images being added">
          {listed.map((task) => (
            <UploadRow key={task.key} task={task} onRetry={() => retry(task)} onRemove={() => remove(task)} />
          ))}
        </Uploads>
      )}
    </Shell>
  );
}

function UploadRow({ task, onRetry, onRemove }: { task: UploadTask; onRetry(): void; onRemove(): void }) {
  const stopped = task.state === 'failed' || task.state === 'cancelled' || task.state === 'rejected';
  return (
    <li aria-label={task.file.name}>
      {stopped ? <ExclamationCircleFilled style={{ color: colors.error }} aria-hidden /> : <LoadingOutlined aria-hidden />}
      <span className="name" title={task.file.name}>
        {task.file.name}
      </span>
      <span>
        {stopped && task.retryable && (
          <Tooltip title="Try again">
            <Button type="text" size="small" icon={<ReloadOutlined />} aria-label={`Try ${task.file.name} again`} onClick={onRetry} />
          </Tooltip>
        )}
        <Tooltip title={stopped ? 'Remove' : 'Cancel'}>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`${stopped ? 'Remove' : 'Cancel'} ${task.file.name}`} onClick={onRemove} />
        </Tooltip>
      </span>
      {stopped ? (
        <span className="problem" role="alert">
          {task.message}
        </span>
      ) : (
        <Progress percent={task.percent} size="small" showInfo={false} aria-label={`Uploading ${task.file.name}`} />
      )}
    </li>
  );
}

import { useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { Skeleton } from 'antd';
import styled from 'styled-components';
import type { ContentItem } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { LoadFailure } from '@/components/common/LoadFailure';
import { useLoad } from '@/components/ui/useLoad';
import { noteExtensions } from './extensions';
import { noteText } from './note-text';
import { noteProse } from './prose';

const Page = styled.article`
  padding: 20px 22px;
  border: 1px solid ${colors.border};
  border-radius: 12px;
  background: ${colors.white};

  .ProseMirror {
    ${noteProse}
    outline: none;
  }

  .empty {
    color: ${colors.textSecondary};
  }
`;

/** The note's Markdown, formatted and read-only. */
function Formatted({ spaceId, markdown, name }: { spaceId: string; markdown: string; name: string }) {
  // The editor takes its content once; a rewritten note comes with a new key.
  const [content] = useState(markdown);
  const [extensions] = useState(() => noteExtensions({ spaceId, readOnly: true }));
  const editor = useEditor({
    immediatelyRender: false,
    editable: false,
    extensions,
    content,
    contentType: 'markdown',
    // Tiptap marks its element as a text box; read-only, it is a document to read, named after the note.
    editorProps: { attributes: { role: 'document', 'aria-label': name } },
  });
  return <EditorContent editor={editor} />;
}

/** A note as its author formatted it: headings, lists, checklists, links, code and images. */
export function NoteView({ item }: { item: ContentItem }) {
  // Read again once the note is rewritten.
  const version = `${item.id}@${item.updated_at}`;
  const { load, retry } = useLoad(version, () => noteText(item.space_id, item.id));
  if (load.state === 'loading') return <Skeleton active paragraph={{ rows: 8 }} />;
  if (load.state !== 'ready') return <LoadFailure message="We could not open this note." error={load.message} onRetry={retry} />;
  return (
    <Page aria-label={`Text of ${item.name}`}>
      {load.value.trim() ? <Formatted key={version} spaceId={item.space_id} markdown={load.value} name={item.name} /> : <p className="empty">This item has no text.</p>}
    </Page>
  );
}

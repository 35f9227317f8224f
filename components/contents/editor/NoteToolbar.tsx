import { useRef, useState, type ReactNode } from 'react';
import {
  BoldOutlined, CheckSquareOutlined, CodeOutlined, ConsoleSqlOutlined, ItalicOutlined, LinkOutlined, MessageOutlined, OrderedListOutlined,
  PictureOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Button, Input, Popover, Tooltip } from 'antd';
import styled from 'styled-components';
import { colors } from '@/lib/palette';
import { isAllowedLink } from './extensions';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 2px;
  padding: 4px 6px;
  border-bottom: 1px solid ${colors.divider};

  .divider {
    width: 1px;
    height: 18px;
    margin: 0 4px;
    background: ${colors.border};
  }

  .heading {
    min-width: 32px;
    font-size: 13px;
    font-weight: 600;
  }

  button[aria-pressed='true'] {
    color: ${colors.primaryText};
    background: ${colors.primaryBg};
  }
`;

const LinkForm = styled.form`
  display: grid;
  gap: 8px;
  width: min(300px, calc(100vw - 48px));

  .problem {
    font-size: 13px;
    color: ${colors.errorText};
  }

  .actions {
    display: flex;
    justify-content: flex-end;
    gap: 8px;
  }
`;

interface ToolProps {
  label: string;
  /** The shortcut, shown in the tooltip. */
  keys?: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  className?: string;
}

function Tool({ label, keys, icon, active, disabled, onClick, className }: ToolProps) {
  return (
    <Tooltip title={keys ? `${label} (${keys})` : label}>
      <Button
        type="text"
        size="small"
        className={className}
        icon={typeof icon === 'string' ? undefined : icon}
        // A button showing letters ("H1") has them in its name too, so speech control can say what is seen.
        aria-label={typeof icon === 'string' ? `${icon} ${label}` : label}
        aria-pressed={active}
        disabled={disabled}
        onClick={onClick}
      >
        {typeof icon === 'string' ? icon : null}
      </Button>
    </Tooltip>
  );
}

/** Asks for a link's address: web pages and e-mail addresses only, said next to the field. */
function LinkTool({ editor, active }: { editor: Editor | null; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const show = (next: boolean) => {
    if (next && editor) setUrl(typeof editor.getAttributes('link').href === 'string' ? String(editor.getAttributes('link').href) : '');
    setProblem(null);
    setOpen(next);
  };

  const apply = () => {
    if (!editor) return;
    const href = url.trim();
    if (!isAllowedLink(href)) {
      setProblem('Enter a full address starting with https://, http:// or mailto:.');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected, the address itself becomes the link's text.
    if (editor.state.selection.empty && !active) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] });
    else chain.setLink({ href });
    chain.run();
    setOpen(false);
  };

  const unlink = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={show}
      trigger="click"
      destroyOnHidden
      content={
        <LinkForm
          aria-label="Link"
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            apply();
          }}
        >
          <Input
            autoFocus
            aria-label="Link address"
            placeholder="https://"
            value={url}
            status={problem ? 'error' : undefined}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'note-link-problem' : undefined}
            onChange={(event) => {
              setUrl(event.target.value);
              setProblem(null);
            }}
          />
          {problem && (
            <span className="problem" id="note-link-problem" role="alert">
              {problem}
            </span>
          )}
          <span className="actions">
            {active && (
              <Button size="small" onClick={unlink}>
                Remove link
              </Button>
            )}
            <Button size="small" type="primary" htmlType="submit">
              Apply
            </Button>
          </span>
        </LinkForm>
      }
    >
      {/* The popover opens on the button's click. */}
      <span>
        <Tool label="Link" icon={<LinkOutlined />} active={active} disabled={!editor} />
      </span>
    </Popover>
  );
}

/** The formatting buttons of a note; they wrap onto more rows on a narrow screen. */
export function NoteToolbar({ editor, onImages }: { editor: Editor | null; onImages(files: File[]): void }) {
  const picker = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e?.isActive('heading', { level: 1 }) ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      taskList: e?.isActive('taskList') ?? false,
      link: e?.isActive('link') ?? false,
      code: e?.isActive('code') ?? false,
      codeBlock: e?.isActive('codeBlock') ?? false,
      blockquote: e?.isActive('blockquote') ?? false,
    }),
  });
  const on = (run: (e: Editor) => void) => () => {
    if (editor) run(editor);
  };
  const disabled = !editor;

  return (
    <Bar role="toolbar" aria-label="Formatting">
      {([1, 2, 3] as const).map((level) => (
        <Tool
          key={level}
          className="heading"
          label={`Heading ${level}`}
          keys={`Ctrl+Alt+${level}`}
          icon={`H${level}`}
          active={state?.[`h${level}`]}
          disabled={disabled}
          onClick={on((e) => e.chain().focus().toggleHeading({ level }).run())}
        />
      ))}
      <span className="divider" aria-hidden />
      <Tool label="Bold" keys="Ctrl+B" icon={<BoldOutlined />} active={state?.bold} disabled={disabled} onClick={on((e) => e.chain().focus().toggleBold().run())} />
      <Tool label="Italic" keys="Ctrl+I" icon={<ItalicOutlined />} active={state?.italic} disabled={disabled} onClick={on((e) => e.chain().focus().toggleItalic().run())} />
      <LinkTool editor={editor} active={state?.link ?? false} />
      <Tool label="Inline code" keys="Ctrl+E" icon={<CodeOutlined />} active={state?.code} disabled={disabled} onClick={on((e) => e.chain().focus().toggleCode().run())} />
      <span className="divider" aria-hidden />
      <Tool
        label="Bullet list"
        keys="Ctrl+Shift+8"
        icon={<UnorderedListOutlined />}
        active={state?.bulletList}
        disabled={disabled}
        onClick={on((e) => e.chain().focus().toggleBulletList().run())}
      />
      <Tool
        label="Numbered list"
        keys="Ctrl+Shift+7"
        icon={<OrderedListOutlined />}
        active={state?.orderedList}
        disabled={disabled}
        onClick={on((e) => e.chain().focus().toggleOrderedList().run())}
      />
      <Tool
        label="Checklist"
        keys="Ctrl+Shift+9"
        icon={<CheckSquareOutlined />}
        active={state?.taskList}
        disabled={disabled}
        onClick={on((e) => e.chain().focus().toggleTaskList().run())}
      />
      <span className="divider" aria-hidden />
      <Tool
        label="Code block"
        keys="Ctrl+Alt+C"
        icon={<ConsoleSqlOutlined />}
        active={state?.codeBlock}
        disabled={disabled}
        onClick={on((e) => e.chain().focus().toggleCodeBlock().run())}
      />
      <Tool
        label="Quote"
        keys="Ctrl+Shift+B"
        icon={<MessageOutlined />}
        active={state?.blockquote}
        disabled={disabled}
        onClick={on((e) => e.chain().focus().toggleBlockquote().run())}
      />
      <Tool label="Image" icon={<PictureOutlined />} disabled={disabled} onClick={() => picker.current?.click()} />
      <input
        ref={picker}
        type="file"
        accept="image/*"
        multiple
        // Not the `hidden` attribute: the form's field styles display inputs and would show the browser's file box.
        style={{ display: 'none' }}
        aria-label="Choose images"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // The same file can be picked again later.
          event.target.value = '';
          if (files.length > 0) onImages(files);
        }}
      />
    </Bar>
  );
}

import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { EditOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import type { RecordItem } from '@/lib/contract/records';
import type { FieldValue, TemplateField } from '@/lib/contract/templates';
import { colors } from '@/lib/palette';
import { fieldSchemaOf } from '@/lib/validation/template-schema';
import { errorCode, errorMessage, fieldErrorsOf } from '@/client/http/clients';
import { recordsApi } from '@/client/http/records-api';
import { FieldControl, FieldValueView } from '@/components/records/TemplateFields';

const Shown = styled.div<{ $editable: boolean }>`
  position: relative;
  min-height: 22px;
  margin: -4px -8px;
  padding: 4px 8px;
  border-radius: 6px;
  overflow-wrap: anywhere;
  cursor: ${({ $editable }) => ($editable ? 'text' : 'default')};

  .edit {
    position: absolute;
    inset-block-start: 2px;
    inset-inline-end: 2px;
    opacity: 0;
    background: ${colors.white};
  }

  &:hover,
  &:focus-within {
    background: ${({ $editable }) => ($editable ? colors.primaryBgHover : 'transparent')};
    outline: ${({ $editable }) => ($editable ? `1px solid ${theme.primaryColor}` : 'none')};

    .edit {
      opacity: 1;
    }
  }

  /* Touch screens have no hover: the edit button stays in sight. */
  @media (hover: none) {
    .edit {
      opacity: 1;
    }
  }
`;

const Editing = styled.div`
  display: grid;
  gap: 4px;
  min-width: 180px;

  .problem {
    font-size: 12px;
    line-height: 1.4;
    color: ${colors.errorText};
  }
`;

/** Types edited in the record form rather than in a cell. */
const editedInForm = (field: TemplateField) => field.type === 'form' || field.type === 'file';

// Dropdowns of selects and date pickers open outside the cell: focus moving there is not leaving it.
const POPUPS = '.ant-select-dropdown, .ant-picker-dropdown';

export interface CellContext {
  spaceId: string;
  contentId: string;
  editable: boolean;
  onSaved(record: RecordItem): void;
  /** Opens the whole record: where group and file values are edited. */
  openRecord(record: RecordItem): void;
  /** Someone else saved first: resolves with the record that then stands. */
  onConflict(record: RecordItem, attempted: Record<string, FieldValue>, message: string): Promise<RecordItem>;
}

/**
 * One value of the grid. Click or Enter edits it in place with its field's
 * control; Enter or leaving saves (a paragraph: Ctrl/Cmd+Enter), Escape
 * cancels. An invalid value shows its message and sends nothing.
 */
export function RecordCell({ field, record, context }: { field: TemplateField; record: RecordItem; context: CellContext }) {
  const value = record.values[field.key];
  const [draft, setDraft] = useState<{ value: FieldValue } | null>(null);
  const [problem, setProblem] = useState<{ text: string; retry: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const inForm = context.editable && editedInForm(field);
  const editable = context.editable && !inForm;

  const start = () => {
    if (inForm) context.openRecord(record);
    if (!editable) return;
    setDraft({ value: (value ?? null) as FieldValue });
    setProblem(null);
  };
  const cancel = () => {
    setDraft(null);
    setProblem(null);
  };

  const save = async () => {
    if (!draft || saving) return;
    const parsed = fieldSchemaOf(field).safeParse(draft.value);
    if (!parsed.success) {
      setProblem({ text: parsed.error.issues[0]?.message ?? 'This value cannot be saved', retry: false });
      return;
    }
    if (JSON.stringify(parsed.data) === JSON.stringify(value ?? null)) {
      cancel();
      return;
    }
    const attempted = { [field.key]: parsed.data };
    setSaving(true);
    setProblem(null);
    try {
      const { data } = await recordsApi.update(context.spaceId, context.contentId, record.id, attempted, record.version);
      context.onSaved(data);
      setDraft(null);
    } catch (e) {
      if (errorCode(e) === 'edit_conflict') {
        try {
          context.onSaved(await context.onConflict(record, attempted, errorMessage(e)));
          setDraft(null);
        } catch (loadFailure) {
          setProblem({ text: `We could not load the current values. ${errorMessage(loadFailure)}`, retry: true });
        }
      } else {
        const messages = fieldErrorsOf(e)?.[field.key];
        setProblem(messages?.[0] ? { text: messages[0], retry: false } : { text: `Not saved. ${errorMessage(e)}`, retry: true });
      }
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    } else if (e.key === 'Enter' && (field.type !== 'textarea' || e.ctrlKey || e.metaKey)) {
      // A select's own Enter picks an option; its value is saved when the cell is left.
      if ((e.target as HTMLElement).closest('.ant-select') && field.type !== 'select') return;
      e.preventDefault();
      void save();
    }
  };

  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget as HTMLElement | null;
    if (next && (box.current?.contains(next) || next.closest(POPUPS))) return;
    // Clicking an option of a popup moves focus nowhere first: look again once it settles.
    window.setTimeout(() => {
      const active = document.activeElement;
      if (box.current?.contains(active) || active?.closest(POPUPS)) return;
      if (problem?.retry) return;
      void save();
    }, 0);
  };

  if (!draft) {
    // The value is clickable as a whole; keyboard and screen-reader users get a named Edit button beside
    // the value, so links in the value stay their own controls and the value stays the cell's text.
    return (
      <Shown
        $editable={editable || inForm}
        onClick={(e) => {
          if (!(e.target as HTMLElement).closest('a, button')) start();
        }}
      >
        <FieldValueView field={field} value={value} />
        {(editable || inForm) && (
          <Button className="edit" type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={`Edit ${field.label}`} onClick={start} />
        )}
      </Shown>
    );
  }

  return (
    <Editing ref={box} onKeyDown={onKeyDown} onBlur={onBlur} aria-busy={saving}>
      <Spin spinning={saving} size="small">
        <FieldControl
          field={field}
          value={draft.value}
          onChange={(next) => {
            setDraft({ value: next });
            if (problem && !problem.retry) setProblem(null);
          }}
          spaceId={context.spaceId}
          disabled={saving}
          autoFocus
        />
      </Spin>
      {problem && (
        <div className="problem" role="alert">
          {problem.text}
          {problem.retry && (
            <Button size="small" type="link" onClick={() => void save()} style={{ paddingInline: 4 }}>
              Retry
            </Button>
          )}
        </div>
      )}
    </Editing>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Button, Card, Collapse, Dropdown, Form, Input, Modal, Popover, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, HolderOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { fieldTypeLabels, fieldTypes, type Template, type TemplateField } from '@/lib/contract/templates';
import { defaultValuesOf } from '@/lib/validation/template-schema';
import { templateEditConflictMessage } from '@/lib/validation/template-changes';
import { templatesApi } from '@/client/http/templates-api';
import { errorCode, errorMessage, fieldErrorsOf, statusOf } from '@/client/http/clients';
import { colors } from '@/lib/palette';
import { TemplateFields } from '../TemplateFields';
import { draftErrors, draftOf, errorsUnder, move, newField, type Draft, type DraftErrors, type DraftField, newUid } from './draft';
import { FieldSettings } from './FieldSettings';
import { fieldTypeIcons } from './fieldTypeIcons';
import { LEAVE_WARNING, useLeaveGuard } from './useLeaveGuard';

/** A draft as compared for unsaved changes: without the builder's own ids. */
const snapshot = (draft: Draft) => JSON.stringify({ ...draft, fields: draft.fields.map((d) => d.field) });

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  align-items: start;
  @media (min-width: 992px) {
    grid-template-columns: minmax(0, 7fr) minmax(0, 5fr);
    > aside {
      position: sticky;
      top: 16px;
    }
  }
`;

const Row = styled.li<{ $selected: boolean; $invalid: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 10px;
  margin-bottom: 6px;
  list-style: none;
  border: 1px solid ${(p) => (p.$invalid ? colors.error : p.$selected ? colors.primary : colors.border)};
  border-radius: 10px;
  background: ${colors.white};
  > .label {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    cursor: pointer;
    background: none;
    border: 0;
    text-align: left;
    font: inherit;
    color: inherit;
    padding: 0;
  }
`;

const TypeGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 4px;
  max-width: 360px;
  button {
    justify-content: flex-start;
  }
`;

const List = styled.ol`
  padding: 0;
  margin: 0 0 8px;
`;

interface RowProps {
  item: DraftField;
  index: number;
  count: number;
  selected: boolean;
  invalid: boolean;
  onSelect(): void;
  onMove(to: number): void;
  onRemove(): void;
}

function FieldRow({ item, index, count, selected, invalid, onSelect, onMove, onRemove }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({ id: item.uid });
  const { field } = item;
  return (
    <Row ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} $selected={selected} $invalid={invalid} data-testid="field-row">
      <Button type="text" size="small" ref={setActivatorNodeRef} icon={<HolderOutlined />} aria-label={`Drag ${field.label || 'field'} to reorder`} {...attributes} {...listeners} style={{ cursor: 'grab' }} />
      <span aria-hidden="true">{fieldTypeIcons[field.type]}</span>
      <button type="button" className="label" onClick={onSelect} aria-pressed={selected}>
        {field.label || 'Untitled'}
      </button>
      {invalid && <Typography.Text type="danger">Check</Typography.Text>}
      {field.required && <Tag>Required</Tag>}
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {fieldTypeLabels[field.type]}
      </Typography.Text>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'up', label: 'Move up', disabled: index === 0 },
            { key: 'down', label: 'Move down', disabled: index === count - 1 },
            { key: 'remove', label: 'Remove field', danger: true },
          ],
          onClick: ({ key }) => (key === 'up' ? onMove(index - 1) : key === 'down' ? onMove(index + 1) : onRemove()),
        }}
      >
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`Actions for ${field.label || 'field'}`} />
      </Dropdown>
    </Row>
  );
}

/** A live preview of the form, with a button that checks what was typed against the rules. */
function Preview({ fields }: { fields: TemplateField[] }) {
  const [form] = Form.useForm();
  const defaults = defaultValuesOf(fields);
  return (
    <Card title="Preview" size="small" extra={<Button onClick={() => void form.validateFields().catch(() => undefined)}>Check</Button>}>
      <Form form={form} layout="vertical" key={JSON.stringify(defaults)} initialValues={defaults} aria-label="Form preview">
        <TemplateFields fields={fields} />
      </Form>
    </Card>
  );
}

type SaveProblem = { kind: 'conflict' } | { kind: 'failed'; message: string; retry: boolean };

export interface TemplateBuilderProps {
  /** The template to change; null for a new one. */
  template: Template | null;
  /** May create templates (hub ability manage_templates). */
  canManage: boolean;
  onClose(): void;
  onSaved(template: Template): void;
}

/** A form template's editor: its fields in order, each field's settings, and a live preview. */
export function TemplateBuilder({ template: initial, canManage, onClose, onSaved }: TemplateBuilderProps) {
  const [template, setTemplate] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [baseline, setBaseline] = useState(() => snapshot(draftOf(initial)));
  const [selected, setSelected] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const readOnly = template ? !template.abilities.update : !canManage;
  const dirty = !readOnly && snapshot(draft) !== baseline;
  useLeaveGuard(dirty);

  const fields = draft.fields.map((d) => d.field);
  const live = draft.fields.filter((d) => !d.field.removed);
  const removed = draft.fields.filter((d) => d.field.removed);
  const errors = useMemo(() => ({ ...(showErrors ? draftErrors(draft) : {}), ...serverErrors }), [draft, showErrors, serverErrors]);
  const savedNested = (key: string) => new Set((template?.fields.find((f) => f.key === key)?.fields ?? []).map((f) => f.key));

  const change = (next: Draft) => {
    setDraft(next);
    setServerErrors({});
  };
  const setFields = (list: DraftField[]) => change({ ...draft, fields: list });
  const indexOf = (uid: string) => draft.fields.findIndex((d) => d.uid === uid);

  const addField = (type: TemplateField['type']) => {
    const item = { uid: newUid(), saved: false, field: newField(type, fieldTypeLabels[type], fields) };
    setFields([...draft.fields, item]);
    setSelected(item.uid);
    setPicking(false);
  };

  // Moves among the live fields; removed ones keep their place around them.
  const moveLive = (from: number, to: number) => {
    const a = live[from];
    const b = live[to];
    if (a && b) setFields(move(draft.fields, indexOf(a.uid), indexOf(b.uid)));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) setFields(move(draft.fields, indexOf(String(active.id)), indexOf(String(over.id))));
  };

  const remove = (item: DraftField) => {
    if (!item.saved) {
      setFields(draft.fields.filter((d) => d.uid !== item.uid));
      return;
    }
    Modal.confirm({
      title: `Remove ${item.field.label}?`,
      content: 'It leaves the form and the grid. Values already entered are kept and still exported, and you can restore it later.',
      okText: 'Remove field',
      okButtonProps: { danger: true },
      onOk: () => setDraft((d) => ({ ...d, fields: d.fields.map((x) => (x.uid === item.uid ? { ...x, field: { ...x.field, removed: true } } : x)) })),
    });
  };
  const restore = (item: DraftField) =>
    setFields(draft.fields.map((x) => (x.uid === item.uid ? { ...x, field: { ...x.field, removed: undefined } } : x)));

  const accept = (saved: Template) => {
    const next = draftOf(saved);
    setTemplate(saved);
    setDraft(next);
    setBaseline(snapshot(next));
    setSelected(null);
    setShowErrors(false);
    setProblem(null);
    onSaved(saved);
  };

  const save = async () => {
    setShowErrors(true);
    if (Object.keys(draftErrors(draft)).length > 0) return;
    setSaving(true);
    setProblem(null);
    try {
      const body = { name: draft.name, description: draft.description, fields };
      const answer = template ? await templatesApi.update(template.id, { ...body, version: template.version }) : await templatesApi.create(body);
      accept(answer.data);
    } catch (e) {
      const status = statusOf(e);
      if (errorCode(e) === 'edit_conflict') setProblem({ kind: 'conflict' });
      else {
        const byPath = Object.fromEntries(Object.entries(fieldErrorsOf(e) ?? {}).flatMap(([path, list]) => (list[0] ? [[path, list[0]]] : [])));
        setServerErrors(byPath);
        setProblem({ kind: 'failed', message: errorMessage(e), retry: status === undefined || status >= 500 });
      }
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    if (!template) return;
    try {
      accept((await templatesApi.get(template.id)).data);
    } catch (e) {
      setProblem({ kind: 'failed', message: errorMessage(e), retry: false });
    }
  };

  const setArchived = (archived: boolean) => {
    if (!template) return;
    Modal.confirm({
      title: archived ? `Archive ${template.name}?` : `Restore ${template.name}?`,
      content: archived
        ? 'New record tables can no longer use it. Tables made with it keep working, and you can restore it.'
        : 'New record tables can use it again.',
      okText: archived ? 'Archive' : 'Restore',
      onOk: async () => {
        try {
          accept((await templatesApi.update(template.id, { version: template.version, archived })).data);
        } catch (e) {
          if (errorCode(e) === 'edit_conflict') setProblem({ kind: 'conflict' });
          else setProblem({ kind: 'failed', message: errorMessage(e), retry: false });
        }
      },
    });
  };

  const back = () => {
    if (!dirty || window.confirm(LEAVE_WARNING)) onClose();
  };

  const selectedIndex = draft.fields.findIndex((d) => d.uid === selected);
  const selectedItem = draft.fields[selectedIndex];
  const title = template ? template.name : 'New form template';

  return (
    <section aria-label={title}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%', marginBottom: 16 }}>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={back}>
            All form templates
          </Button>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
            {title}
          </Typography.Title>
          {template?.built_in && <Tag color="purple">Built-in</Tag>}
          {template?.archived && <Tag>Archived</Tag>}
        </Space>
        {!readOnly && (
          <Space wrap>
            {template?.abilities.archive && (
              <Button onClick={() => setArchived(!template.archived)}>{template.archived ? 'Restore' : 'Archive'}</Button>
            )}
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {template ? 'Save changes' : 'Create template'}
            </Button>
          </Space>
        )}
      </Space>

      {problem?.kind === 'conflict' && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={templateEditConflictMessage} action={<Button size="small" onClick={() => void reload()}>Reload</Button>} />
      )}
      {problem?.kind === 'failed' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`We could not save the template. ${problem.message}`}
          action={problem.retry ? <Button size="small" onClick={() => void save()}>Try again</Button> : undefined}
        />
      )}

      {readOnly ? (
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          <Alert type="info" showIcon title={template?.built_in ? "Built-in templates can't be changed" : 'Only hub owners and editors can change form templates.'} />
          {template?.description && <Typography.Paragraph>{template.description}</Typography.Paragraph>}
          <Preview fields={fields} />
        </Space>
      ) : (
        <Columns>
          <div>
            <Card size="small" style={{ marginBottom: 16 }}>
              <Form layout="vertical" component="div">
                <Form.Item label="Name" htmlFor="template-name" validateStatus={errors.name ? 'error' : undefined} help={errors.name}>
                  <Input id="template-name" value={draft.name} maxLength={80} onChange={(e) => change({ ...draft, name: e.target.value })} />
                </Form.Item>
                <Form.Item label="Description" htmlFor="template-description" validateStatus={errors.description ? 'error' : undefined} help={errors.description} style={{ marginBottom: 0 }}>
                  <Input.TextArea id="template-description" value={draft.description} maxLength={500} autoSize={{ minRows: 2 }} onChange={(e) => change({ ...draft, description: e.target.value })} />
                </Form.Item>
              </Form>
            </Card>

            <Card size="small" title="Fields" style={{ marginBottom: 16 }}>
              {errors.fields && <Alert type="error" showIcon title={errors.fields} style={{ marginBottom: 8 }} />}
              <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
                <SortableContext items={live.map((d) => d.uid)} strategy={verticalListSortingStrategy}>
                  <List aria-label="Fields">
                    {live.map((item, i) => (
                      <FieldRow
                        key={item.uid}
                        item={item}
                        index={i}
                        count={live.length}
                        selected={item.uid === selected}
                        invalid={Object.keys(errorsUnder(errors, `fields.${indexOf(item.uid)}.`)).length > 0}
                        onSelect={() => setSelected(item.uid === selected ? null : item.uid)}
                        onMove={(to) => moveLive(i, to)}
                        onRemove={() => remove(item)}
                      />
                    ))}
                  </List>
                </SortableContext>
              </DndContext>
              <Popover
                open={picking}
                onOpenChange={setPicking}
                trigger="click"
                placement="bottomLeft"
                content={
                  <TypeGrid role="menu" aria-label="Field types">
                    {fieldTypes.map((type) => (
                      <Button key={type} type="text" role="menuitem" icon={fieldTypeIcons[type]} onClick={() => addField(type)}>
                        {fieldTypeLabels[type]}
                      </Button>
                    ))}
                  </TypeGrid>
                }
              >
                <Button icon={<PlusOutlined />}>Add field</Button>
              </Popover>
              {removed.length > 0 && (
                <Collapse
                  size="small"
                  style={{ marginTop: 12 }}
                  items={[{
                    key: 'removed',
                    label: `Removed fields (${removed.length})`,
                    children: removed.map((item) => (
                      <Space key={item.uid} style={{ display: 'flex', justifyContent: 'space-between' }}>
                        <span>{item.field.label}</span>
                        <Button size="small" onClick={() => restore(item)}>Restore</Button>
                      </Space>
                    )),
                  }]}
                />
              )}
            </Card>

            {selectedItem && !selectedItem.field.removed && (
              <Card size="small" title={`Field settings: ${selectedItem.field.label || 'Untitled'}`}>
                <FieldSettings
                  field={selectedItem.field}
                  saved={selectedItem.saved}
                  siblings={fields}
                  errors={errorsUnder(errors, `fields.${selectedIndex}.`)}
                  savedNested={savedNested(selectedItem.field.key)}
                  onChange={(field) => setFields(draft.fields.map((d) => (d.uid === selectedItem.uid ? { ...d, field } : d)))}
                />
              </Card>
            )}
          </div>
          <aside>
            <Preview fields={fields} />
          </aside>
        </Columns>
      )}
    </section>
  );
}

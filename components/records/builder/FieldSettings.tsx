import { useId, type ReactNode } from 'react';
import { Button, Collapse, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FIELD_MAX_OPTIONS, fieldTypeLabels, lengthFieldTypes, optionFieldTypes, rangeFieldTypes,
  type AnyTemplateField, type FieldType, type FieldValue, type NestedTemplateField,
} from '@/lib/contract/templates';
import { FieldControl } from '../TemplateFields';
import { errorsUnder, move, newField, relabel, type DraftErrors } from './draft';
import { fieldTypeIcons } from './fieldTypeIcons';

const MB = 1024 * 1024;
const is = (list: readonly FieldType[], type: FieldType) => list.includes(type);

/** A setting with its label, and its error under it. */
function Setting({ label, error, extra, children, id }: { label: string; error?: string; extra?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <Form.Item label={label} htmlFor={id} validateStatus={error ? 'error' : undefined} help={error} extra={extra} style={{ marginBottom: 14 }}>
      {children}
    </Form.Item>
  );
}

const numberOrUndefined = (value: number | null) => (value === null ? undefined : value);

/** Option list editor: add, rename, reorder, remove. */
function OptionsEditor({ options, onChange, error }: { options: string[]; onChange: (options: string[]) => void; error?: string }) {
  return (
    <Setting label="Options" error={error}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {options.map((option, i) => (
          <Space.Compact key={i} style={{ width: '100%' }}>
            <Input aria-label={`Option ${i + 1}`} value={option} maxLength={80} onChange={(e) => onChange(options.map((o, j) => (j === i ? e.target.value : o)))} />
            <Button aria-label={`Move option ${i + 1} up`} icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => onChange(move(options, i, i - 1))} />
            <Button aria-label={`Move option ${i + 1} down`} icon={<ArrowDownOutlined />} disabled={i === options.length - 1} onClick={() => onChange(move(options, i, i + 1))} />
            <Button aria-label={`Remove option ${i + 1}`} icon={<DeleteOutlined />} disabled={options.length <= 1} onClick={() => onChange(options.filter((_, j) => j !== i))} />
          </Space.Compact>
        ))}
        <Button icon={<PlusOutlined />} disabled={options.length >= FIELD_MAX_OPTIONS} onClick={() => onChange([...options, `Option ${options.length + 1}`])}>
          Add option
        </Button>
      </Space>
    </Setting>
  );
}

export interface FieldSettingsProps<F extends AnyTemplateField> {
  field: F;
  saved: boolean;
  /** The fields beside it (for unique keys). */
  siblings: readonly AnyTemplateField[];
  /** Its errors, by path inside the field ("key", "options"). */
  errors: DraftErrors;
  /** Saved keys of a group's own fields, for a "form" field. */
  savedNested?: ReadonlySet<string>;
  /** A field inside a group: it cannot be a group itself. */
  nested?: boolean;
  onChange: (field: F) => void;
}

/** The settings of one field: label, key, type, rules, default, and a group's own fields. */
export function FieldSettings<F extends AnyTemplateField>({ field, saved, siblings, errors, savedNested, nested = false, onChange }: FieldSettingsProps<F>) {
  const id = useId();
  const set = (change: Partial<AnyTemplateField>) => onChange({ ...field, ...change } as F);
  const groupFields = 'fields' in field ? (field.fields ?? []) : [];
  const setNested = (fields: NestedTemplateField[]) => onChange({ ...field, fields } as F);
  const typeOptions = Object.entries(fieldTypeLabels).map(([value, label]) => ({ value, label }));

  return (
    <Form layout="vertical" component="div">
      <Setting label="Label" error={errors.label} id={`${id}-label`}>
        <Input id={`${id}-label`} value={field.label} maxLength={80} onChange={(e) => onChange(relabel(field, e.target.value, saved, siblings))} />
      </Setting>
      <Setting
        label="Key"
        id={`${id}-key`}
        error={errors.key}
        extra={saved ? 'A saved field keeps its key: records and exports use it.' : 'Used in exports and imports; set once the template is saved.'}
      >
        <Input id={`${id}-key`} value={field.key} disabled={saved} maxLength={40} onChange={(e) => set({ key: e.target.value })} />
      </Setting>
      <Setting label="Type" id={`${id}-type`} error={errors.type} extra={saved ? 'A saved field keeps its type so records stay readable' : undefined}>
        <Select
          id={`${id}-type`}
          value={field.type}
          disabled={saved}
          options={nested ? typeOptions.filter((o) => o.value !== 'form') : typeOptions}
          onChange={(type: FieldType) => onChange({ ...newField(type, field.label, []), key: field.key, required: field.required, help: field.help } as F)}
        />
      </Setting>
      <Setting label="Required" id={`${id}-required`}>
        <Switch id={`${id}-required`} checked={field.required} onChange={(required) => set({ required })} />
      </Setting>
      <Setting label="Help text" error={errors.help} id={`${id}-help`}>
        <Input id={`${id}-help`} value={field.help ?? ''} maxLength={200} onChange={(e) => set({ help: e.target.value || undefined })} />
      </Setting>

      {is(optionFieldTypes, field.type) && (
        <OptionsEditor options={field.options ?? []} error={errors.options ?? firstUnder(errors, 'options.')} onChange={(options) => set({ options })} />
      )}

      {is(lengthFieldTypes, field.type) && (
        <Space wrap>
          <Setting label="Shortest (characters)" error={errors.min_length} id={`${id}-minl`}>
            <InputNumber id={`${id}-minl`} min={0} precision={0} value={field.min_length} onChange={(v) => set({ min_length: numberOrUndefined(v) })} />
          </Setting>
          <Setting label="Longest (characters)" error={errors.max_length} id={`${id}-maxl`}>
            <InputNumber id={`${id}-maxl`} min={1} precision={0} value={field.max_length} onChange={(v) => set({ max_length: numberOrUndefined(v) })} />
          </Setting>
        </Space>
      )}

      {is(rangeFieldTypes, field.type) && (
        <Space wrap>
          <Setting label="Smallest value" error={errors.min} id={`${id}-min`}>
            <InputNumber id={`${id}-min`} value={field.min} onChange={(v) => set({ min: numberOrUndefined(v) })} />
          </Setting>
          <Setting label="Largest value" error={errors.max} id={`${id}-max`}>
            <InputNumber id={`${id}-max`} value={field.max} onChange={(v) => set({ max: numberOrUndefined(v) })} />
          </Setting>
        </Space>
      )}

      {field.type === 'file' && (
        <>
          <Setting label="Allowed extensions" error={errors.extensions ?? firstUnder(errors, 'extensions.')} extra="Empty allows any file." id={`${id}-ext`}>
            <Select
              id={`${id}-ext`}
              mode="tags"
              value={field.extensions ?? []}
              tokenSeparators={[',', ' ']}
              onChange={(values: string[]) => {
                const extensions = values.map((v) => v.replace(/^\./, '').toLowerCase()).filter(Boolean);
                set({ extensions: extensions.length ? extensions : undefined });
              }}
            />
          </Setting>
          <Setting label="Largest size (MB)" error={errors.max_bytes} id={`${id}-size`}>
            <InputNumber
              id={`${id}-size`}
              min={0.1}
              step={1}
              value={field.max_bytes === undefined ? undefined : field.max_bytes / MB}
              onChange={(v) => set({ max_bytes: v === null ? undefined : Math.round(v * MB) })}
            />
          </Setting>
        </>
      )}

      {field.type === 'form' ? (
        <GroupFields fields={groupFields} savedKeys={savedNested ?? new Set()} errors={errorsUnder(errors, 'fields.')} error={errors.fields} onChange={setNested} />
      ) : (
        <Setting label="Default value" id={`${id}-default`} extra="Filled in on a new record.">
          <FieldControl
            id={`${id}-default`}
            field={{ ...field, required: false }}
            value={(field.default ?? undefined) as FieldValue | undefined}
            onChange={(value) => set({ default: value === null || value === '' ? undefined : value })}
          />
        </Setting>
      )}
    </Form>
  );
}

const firstUnder = (errors: DraftErrors, prefix: string) => Object.entries(errors).find(([path]) => path.startsWith(prefix))?.[1];

/** A group's own fields: the same settings, one level, no groups inside. */
function GroupFields({ fields, savedKeys, errors, error, onChange }: {
  fields: NestedTemplateField[];
  savedKeys: ReadonlySet<string>;
  errors: DraftErrors;
  error?: string;
  onChange: (fields: NestedTemplateField[]) => void;
}) {
  const add = () => onChange([...fields, newField('text', `Field ${fields.length + 1}`, fields) as NestedTemplateField]);
  return (
    <Setting label="Fields of the group" error={error}>
      <Collapse
        size="small"
        items={fields.map((f, i) => {
          const saved = savedKeys.has(f.key);
          return {
            key: String(i),
            label: (
              <Space>
                {fieldTypeIcons[f.type]}
                {f.label || 'Untitled'}
                {Object.keys(errorsUnder(errors, `${i}.`)).length > 0 && <Typography.Text type="danger">Check this field</Typography.Text>}
              </Space>
            ),
            extra: (
              <Space size={2} onClick={(e) => e.stopPropagation()}>
                <Button size="small" type="text" aria-label={`Move ${f.label} up`} icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => onChange(move(fields, i, i - 1))} />
                <Button size="small" type="text" aria-label={`Move ${f.label} down`} icon={<ArrowDownOutlined />} disabled={i === fields.length - 1} onClick={() => onChange(move(fields, i, i + 1))} />
                <Button
                  size="small"
                  type="text"
                  aria-label={saved ? (f.removed ? `Restore ${f.label}` : `Remove ${f.label}`) : `Delete ${f.label}`}
                  icon={<DeleteOutlined />}
                  onClick={() => onChange(saved ? fields.map((g, j) => (j === i ? { ...g, removed: g.removed ? undefined : true } : g)) : fields.filter((_, j) => j !== i))}
                />
              </Space>
            ),
            children: (
              <FieldSettings field={f} saved={saved} nested siblings={fields} errors={errorsUnder(errors, `${i}.`)} onChange={(g) => onChange(fields.map((h, j) => (j === i ? g : h)))} />
            ),
          };
        })}
      />
      <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={add}>
        Add field to the group
      </Button>
    </Setting>
  );
}

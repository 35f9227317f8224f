import { useState } from 'react';
import { FilterOutlined } from '@ant-design/icons';
import { Button, Input, Popover, Select, Space, Tag } from 'antd';
import { RECORD_FILTERS_MAX, type RecordFilter, type RecordFilterOp } from '@/lib/contract/records';

export const filterOpLabels: Record<RecordFilterOp, string> = {
  contains: 'contains',
  equals: 'is',
  empty: 'is empty',
  not_empty: 'is not empty',
  gt: 'is more than',
  lt: 'is less than',
};
const needsValue = (op: RecordFilterOp) => op !== 'empty' && op !== 'not_empty';

export interface FilterColumn {
  key: string;
  label: string;
}

interface FilterBuilderProps {
  columns: FilterColumn[];
  filters: RecordFilter[];
  onChange(filters: RecordFilter[]): void;
}

/** "Filter": a column, a test and a value; several at once, shown as removable chips. */
export function FilterBuilder({ columns, filters, onChange }: FilterBuilderProps) {
  const [open, setOpen] = useState(false);
  const [field, setField] = useState<string | undefined>(columns[0]?.key);
  const [op, setOp] = useState<RecordFilterOp>('contains');
  const [value, setValue] = useState('');
  const labelOf = (key: string) => columns.find((c) => c.key === key)?.label ?? key;
  const full = filters.length >= RECORD_FILTERS_MAX;
  const ready = field !== undefined && (!needsValue(op) || value.trim() !== '');

  const add = () => {
    if (!ready || full) return;
    onChange([...filters, { field, op, ...(needsValue(op) ? { value: value.trim() } : {}) }]);
    setValue('');
    setOpen(false);
  };

  const builder = (
    <Space direction="vertical" style={{ width: 260 }}>
      <Select aria-label="Filter column" value={field} onChange={setField} options={columns.map((c) => ({ value: c.key, label: c.label }))} style={{ width: '100%' }} />
      <Select<RecordFilterOp>
        aria-label="Filter test"
        value={op}
        onChange={setOp}
        options={(Object.keys(filterOpLabels) as RecordFilterOp[]).map((o) => ({ value: o, label: filterOpLabels[o] }))}
        style={{ width: '100%' }}
      />
      {needsValue(op) && (
        <Input aria-label="Filter value" placeholder="Value" maxLength={300} value={value} onChange={(e) => setValue(e.target.value)} onPressEnter={add} />
      )}
      <Button type="primary" block onClick={add} disabled={!ready || full}>
        Add filter
      </Button>
      {full && <span>Up to {RECORD_FILTERS_MAX} filters.</span>}
    </Space>
  );

  return (
    <>
      <Popover content={builder} trigger="click" open={open} onOpenChange={setOpen} placement="bottomLeft">
        <Button icon={<FilterOutlined aria-hidden />}>Filter{filters.length > 0 ? ` (${filters.length})` : ''}</Button>
      </Popover>
      {filters.map((f, index) => {
        const text = `${labelOf(f.field)} ${filterOpLabels[f.op]}${f.value !== undefined ? ` ${f.value}` : ''}`;
        return (
          <Tag
            key={`${f.field}:${f.op}:${f.value ?? ''}:${index}`}
            closable
            closeIcon={<span aria-label={`Remove filter ${text}`}>×</span>}
            onClose={() => onChange(filters.filter((_, i) => i !== index))}
            style={{ marginInlineEnd: 0, alignSelf: 'center' }}
          >
            {text}
          </Tag>
        );
      })}
    </>
  );
}

import Link from 'next/link';
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import styled from 'styled-components';
import { fileValueSchema, type AnyTemplateField } from '@/lib/contract/templates';
import { isEmptyValue, valueToText } from '@/lib/validation/template-schema';

const Line = styled.span`
  display: inline-block;
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  vertical-align: bottom;
`;

const Code = styled(Line)`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 12px;
`;

const Tags = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;

  .ant-tag {
    margin: 0;
  }
`;

// Longer text than this is cut in a cell; the whole of it is its tooltip.
const LONG = 40;
const JSON_SHOWN = 80;

/** Text on one line, the whole of a long one in its title. */
function OneLine({ text }: { text: string }) {
  return <Line title={text.length > LONG ? text : undefined}>{text}</Line>;
}

function safeHttpUrl(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 20 });

/** A date, time or instant as people read it: "26 Nov 2026", "14:05", "26 Nov 2026, 14:05". */
function formatWhen(type: 'date' | 'time' | 'datetime', text: string): string {
  if (type === 'time') return text.slice(0, 5);
  const day = dayjs(text);
  if (!day.isValid()) return text;
  return day.format(type === 'date' ? 'D MMM YYYY' : 'D MMM YYYY, HH:mm');
}

export interface FieldValueViewProps {
  field: AnyTemplateField;
  value: unknown;
  /** The record table's space, for a file value's link to its item. */
  spaceId?: string;
}

const EmptyValue = () => (
  <Typography.Text type="secondary" role="img" aria-label="Empty">
    —
  </Typography.Text>
);

/** A group's filled-in fields as "Label: value; …". */
function groupText(field: AnyTemplateField, value: unknown): string {
  const nested = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return ('fields' in field ? (field.fields ?? []) : [])
    .filter((f) => !f.removed && !isEmptyValue(nested[f.key]))
    .map((f) => `${f.label}: ${valueToText(f, nested[f.key])}`)
    .join('; ');
}

/** A value shown read-only: a grid cell, a record's page. Empty is a grey dash. */
export function FieldValueView({ field, value, spaceId }: FieldValueViewProps) {
  if (isEmptyValue(value) || (field.type === 'form' && !groupText(field, value))) return <EmptyValue />;
  const text = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'email':
      return (
        <Line>
          <a href={`mailto:${text}`} title={text.length > LONG ? text : undefined}>
            {text}
          </a>
        </Line>
      );
    case 'url': {
      const href = safeHttpUrl(text);
      return href ? (
        <Line>
          <a href={href} target="_blank" rel="noopener noreferrer" title={text.length > LONG ? text : undefined}>
            {text}
          </a>
        </Line>
      ) : (
        <OneLine text={text} />
      );
    }
    case 'phone':
      return <a href={`tel:${text.replace(/[^\d+]/g, '')}`}>{text}</a>;
    case 'number':
    case 'integer':
      return <span>{typeof value === 'number' ? numberFormat.format(value) : String(value)}</span>;
    case 'date':
    case 'time':
    case 'datetime':
      return <span>{formatWhen(field.type, text)}</span>;
    case 'select':
      return <Tag>{text}</Tag>;
    case 'multi-select':
    case 'checkboxes':
      return (
        <Tags>
          {(Array.isArray(value) ? value : []).map((option) => (
            <Tag key={String(option)}>{String(option)}</Tag>
          ))}
        </Tags>
      );
    case 'json':
      return <Code title={text.length > JSON_SHOWN ? text : undefined}>{text.length > JSON_SHOWN ? `${text.slice(0, JSON_SHOWN)}…` : text}</Code>;
    case 'file': {
      const file = fileValueSchema.safeParse(value);
      if (!file.success) return <OneLine text={valueToText(field, value)} />;
      return spaceId ? (
        <Line>
          <Link href={`/spaces/${spaceId}?${new URLSearchParams({ content: file.data.content_id }).toString()}`}>{file.data.name}</Link>
        </Line>
      ) : (
        <OneLine text={file.data.name} />
      );
    }
    case 'form':
      return <OneLine text={groupText(field, value)} />;
    default:
      return <OneLine text={valueToText(field, value)} />;
  }
}

import type { ContentDetails, ContentRow } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';

type ColumnType = NonNullable<ContentDetails['columns']>[number]['type'];
type CellValue = ContentRow['cells'][number];

const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value);

/** A parsed cell as text; e-mail addresses, phone numbers and web addresses become links (never other schemes). */
export function Cell({ value, type }: { value: CellValue | undefined; type: ColumnType | undefined }) {
  if (value === null || value === undefined || value === '') return <span style={{ color: colors.textQuaternary }}>—</span>;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  const text = String(value);
  if (type === 'email') return <a href={`mailto:${text}`}>{text}</a>;
  if (type === 'phone') return <a href={`tel:${text.replace(/[^\d+]/g, '')}`}>{text}</a>;
  if (type === 'url' && isWebAddress(text)) {
    return (
      <a href={text} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    );
  }
  return <>{typeof value === 'number' ? value.toLocaleString('en-US') : text}</>;
}

import type { ComponentType, CSSProperties } from 'react';
import {
  ContactsOutlined, FileOutlined, FileTextOutlined, MailOutlined, PictureOutlined, PlaySquareOutlined, TableOutlined,
} from '@ant-design/icons';
import {
  contentKindLabels, type ContentItem, type ContentKind, type ContentSort, type ContentStatus,
} from '@/lib/contract/contents';
import { colors, hues } from '@/lib/palette';

export const kindIcons: Record<ContentKind, ComponentType<{ style?: CSSProperties; 'aria-hidden'?: boolean }>> = {
  document: FileTextOutlined,
  table: TableOutlined,
  email: MailOutlined,
  contact: ContactsOutlined,
  general: FileOutlined,
  image: PictureOutlined,
  media: PlaySquareOutlined,
};

/** Each kind's tile colour, so a list can be scanned by kind at a glance. */
export const kindColours: Record<ContentKind, string> = {
  document: colors.primary,
  table: hues.jade,
  email: hues.blue,
  contact: hues.ochre,
  general: colors.textSecondary,
  image: hues.magenta,
  media: hues.cyan,
};

/** Plural labels for filters ("Documents"). */
export const kindPluralLabels: Record<ContentKind, string> = {
  document: 'Documents',
  table: 'Tables',
  email: 'Emails',
  contact: 'Contacts',
  general: 'General',
  image: 'Images',
  media: 'Media',
};

/** What each kind is for, shown in the upload picker. */
export const kindHints: Record<ContentKind, string> = {
  document: 'Text, PDF, Word, slides, web pages and e-books; their text becomes searchable.',
  table: 'Spreadsheets and CSV files, shown as a table.',
  email: 'Saved messages (.eml) with their attachments.',
  contact: 'A list of people from a spreadsheet or CSV file.',
  general: 'Any everyday file: images, PDFs, Office files, text.',
  image: 'Photos and pictures, shown in a gallery.',
  media: 'Audio and video, played in the browser when it can.',
};

export const statusLabels: Record<ContentStatus, string> = {
  queued: 'Queued',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

export const sortLabels: Record<ContentSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A–Z)',
  size: 'Largest first',
};

/** Still on its way: the list keeps asking until it is ready or failed. */
export const isPending = (item: Pick<ContentItem, 'status'>) => item.status === 'queued' || item.status === 'processing';

/** Notes and hand-made contacts have no file (so no size worth showing); the rest were uploaded. */
export const hasFile = (item: Pick<ContentItem, 'source'>) => item.source === 'upload';

/** What an item is, the same in its row and its preview: "Note", "Contact", "Record table", else its kind. */
export const sourceLabel = (item: Pick<ContentItem, 'source' | 'kind'>) =>
  item.source === 'note' ? 'Note' : item.source === 'form' ? 'Contact' : item.source === 'records' ? 'Record table' : contentKindLabels[item.kind];

/** An uploaded table or contact file whose rows can become a record table. */
export const canBecomeRecordTable = (item: Pick<ContentItem, 'source' | 'kind' | 'status'>) =>
  item.source === 'upload' && (item.kind === 'table' || item.kind === 'contact') && item.status === 'ready';

/** A PDF, whatever kind it was uploaded as: shown with the app's own PDF viewer. */
export const isPdf = (item: Pick<ContentItem, 'extension' | 'mime_type'>) => item.extension === 'pdf' || item.mime_type === 'application/pdf';

import { CONTACT_TEMPLATE_ID, contactTemplateFields, type RecordValues, type TemplateField } from '@/lib/contract/templates';
import type { ImportState } from '@/lib/contract/records';
import type { MockDb } from './state';

/** A record of a record table, as stored. */
export interface MockRecord {
  id: string;
  /** The record table (a content item). */
  contentId: string;
  values: RecordValues;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
}

/** A file read for import, kept for its mapping and runs until `expiresAt` (ms since the epoch). */
export interface MockRecordImport {
  id: string;
  contentId: string;
  columns: string[];
  rows: string[][];
  expiresAt: number;
  /** Where its saving run is, in the API's shape (ImportProgress); absent from imports an older mock kept. */
  progress?: { state: ImportState; saved: number; total: number };
}

/** Plain data, kept in MockData like the rest of the mock's state. */
export interface MockRecordsData {
  records: MockRecord[];
  imports: MockRecordImport[];
}

/** The mock's records and imports, made on first use. */
export function recordsData(db: MockDb): MockRecordsData {
  db.data.records ??= { records: [], imports: [] };
  return db.data.records;
}

/** A template of the hub by id: the built-in contact template, else one kept in the mock's templates. */
export function mockTemplateOf(db: MockDb, hubId: string, id: string | undefined): { id: string; name: string; fields: TemplateField[] } | null {
  if (id === CONTACT_TEMPLATE_ID) return { id, name: 'Contact', fields: [...contactTemplateFields] };
  const stored = (db.data.templates ?? []).find((t) => t.id === id && t.hubId === hubId);
  return stored ? { id: stored.id, name: stored.name, fields: stored.fields } : null;
}

import { PAGE_SIZE } from '../../lib/constants';
import { pathOf, type ResponseOf } from '../../lib/contract/endpoint';
import type { EndpointAt } from '../../lib/contract/endpoints';
import type { CreateRecordTableBody, RecordFilter, RunImportBody } from '../../lib/contract/records';
import type { RecordValues } from '../../lib/contract/templates';
import { call } from './api';
import { downloadFile } from './download';
import { upload } from './upload';
import type { UploadOptions } from './contents-api';

export interface RecordListOptions {
  page?: number;
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  filters?: RecordFilter[];
}

const exportTypes = { csv: 'text/csv;charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

const table = (spaceId: string, contentId: string) => ({ id: spaceId, content_id: contentId });

/** A space's record tables and their records (the active hub, via Org-Handle). */
export const recordsApi = {
  createTable: (spaceId: string, body: CreateRecordTableBody) =>
    call('POST spaces/:id/contents/record-tables/', { params: { id: spaceId }, body }),
  list: (spaceId: string, contentId: string, { page = 1, q, sort, order, filters }: RecordListOptions = {}) =>
    call('GET spaces/:id/contents/:content_id/records/', {
      params: table(spaceId, contentId),
      query: { page, page_size: PAGE_SIZE, q, sort, order, filters: filters?.length ? JSON.stringify(filters) : undefined },
    }),
  get: (spaceId: string, contentId: string, recordId: string) =>
    call('GET spaces/:id/contents/:content_id/records/:record_id/', { params: { ...table(spaceId, contentId), record_id: recordId } }),
  create: (spaceId: string, contentId: string, values: RecordValues) =>
    call('POST spaces/:id/contents/:content_id/records/', { params: table(spaceId, contentId), body: { values } }),
  /** Changes the given values on top of `version`; a 409 edit_conflict means someone else saved first. */
  update: (spaceId: string, contentId: string, recordId: string, values: RecordValues, version: number) =>
    call('PATCH spaces/:id/contents/:content_id/records/:record_id/', { params: { ...table(spaceId, contentId), record_id: recordId }, body: { values, version } }),
  remove: (spaceId: string, contentId: string, recordId: string) =>
    call('DELETE spaces/:id/contents/:content_id/records/:record_id/', { params: { ...table(spaceId, contentId), record_id: recordId } }),
  /** Sends a CSV, TSV or XLSX file (its bytes as the body) to be read for import. */
  uploadImport: (spaceId: string, contentId: string, file: File, { onProgress, signal }: UploadOptions = {}) => {
    const key = 'POST spaces/:id/contents/:content_id/records/imports/';
    const query = new URLSearchParams({ name: file.name });
    return upload<ResponseOf<EndpointAt<typeof key>>>(`${pathOf(key, table(spaceId, contentId))}?${query}`, file, onProgress, signal);
  },
  importFromContent: (spaceId: string, contentId: string, sourceContentId: string) =>
    call('POST spaces/:id/contents/:content_id/records/imports/from-content/', { params: table(spaceId, contentId), body: { content_id: sourceContentId } }),
  runImport: (spaceId: string, contentId: string, importId: string, body: RunImportBody) =>
    call('POST spaces/:id/contents/:content_id/records/imports/:import_id/', { params: { ...table(spaceId, contentId), import_id: importId }, body }),
  /** How far a saving run has got: `saved` of `total` rows. */
  importProgress: (spaceId: string, contentId: string, importId: string) =>
    call('GET spaces/:id/contents/:content_id/records/imports/:import_id/', { params: { ...table(spaceId, contentId), import_id: importId } }),
  /** Stops a saving run: it then answers 409 and nothing of it is saved. */
  cancelImport: (spaceId: string, contentId: string, importId: string) =>
    call('POST spaces/:id/contents/:content_id/records/imports/:import_id/cancel/', { params: { ...table(spaceId, contentId), import_id: importId } }),
  /**
   * Every record as a CSV or XLSX file. Fetched through the API client, so the
   * request carries the session token (a plain link would not), as bytes.
   */
  /** Every record as CSV or XLSX (removed fields included). */
  exportFile: (spaceId: string, contentId: string, format: 'csv' | 'xlsx'): Promise<Blob> =>
    downloadFile(pathOf('GET spaces/:id/contents/:content_id/records/export/', table(spaceId, contentId)), { format }, exportTypes[format]),
};

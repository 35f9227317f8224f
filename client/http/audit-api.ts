import { PAGE_SIZE } from '../../lib/constants';
import type { AuditFilters } from '../../lib/contract/audit';
import { call } from './api';
import { downloadFile } from './download';

/** The hub's audit log (owners). */
export const auditApi = {
  list: (handle: string, page = 1, filters: AuditFilters = {}) =>
    call('GET organizations/:handle/audit/', { params: { handle }, query: { page, page_size: PAGE_SIZE, ...filters } }),
  /** The filtered log as a CSV file. */
  exportCsv: (handle: string, filters: AuditFilters = {}): Promise<Blob> =>
    // A file rather than JSON, so not in the endpoint table: its path is spelled here.
    downloadFile(`organizations/${encodeURIComponent(handle)}/audit/export/`, filters, 'text/csv;charset=utf-8'),
};

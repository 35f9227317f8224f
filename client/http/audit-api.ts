import { AxiosError } from 'axios';
import { PAGE_SIZE } from '../../lib/constants';
import type { AuditFilters } from '../../lib/contract/audit';
import { call } from './api';
import { apiClient } from './clients';

/** The hub's audit log (owners). */
export const auditApi = {
  list: (handle: string, page = 1, filters: AuditFilters = {}) =>
    call('GET organizations/:handle/audit/', { params: { handle }, query: { page, page_size: PAGE_SIZE, ...filters } }),
  /**
   * The filtered log as a CSV file. Fetched through the API client, so the
   * request carries the session token (a plain link would not); read as
   * bytes, so the file is saved exactly as the API wrote it.
   */
  exportCsv: async (handle: string, filters: AuditFilters = {}): Promise<Blob> => {
    try {
      // A file rather than JSON, so not in the endpoint table: its path is spelled here.
      const url = `organizations/${encodeURIComponent(handle)}/audit/export/`;
      const response = await apiClient.get<ArrayBuffer>(url, { params: filters, responseType: 'arraybuffer' });
      return new Blob([response.data], { type: 'text/csv;charset=utf-8' });
    } catch (error) {
      // A refusal is the usual JSON error, which byte mode hands over unread: read it, so its message can be shown.
      if (error instanceof AxiosError && error.response?.data instanceof ArrayBuffer) {
        const bytes = error.response.data;
        try {
          error.response.data = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
        } catch {
          error.response.data = bytes;
        }
      }
      throw error;
    }
  },
};

import { PAGE_SIZE } from '../../lib/constants';
import type { ContactBody, ContentKind, ContentListFilters, NoteBody, RawUploadQuery, RenameContentBody } from '../../lib/contract/contents';
import { pathOf, type ResponseOf } from '../../lib/contract/endpoint';
import type { EndpointAt } from '../../lib/contract/endpoints';
import type { SearchFilters } from '../../lib/contract/search';
import { call } from './api';
import { API_HOST } from './clients';
import { upload } from './upload';

export interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** What a space holds: uploads, contacts added by hand and notes (the active hub, via Org-Handle). */
export const contentsApi = {
  list: (spaceId: string, page = 1, filters: ContentListFilters = {}) =>
    call('GET spaces/:id/contents/', { params: { id: spaceId }, query: { page, page_size: PAGE_SIZE, ...filters } }),
  get: (spaceId: string, contentId: string) => call('GET spaces/:id/contents/:content_id/', { params: { id: spaceId, content_id: contentId } }),
  /** The file as the whole request body (POST contents/upload/): no form for the API to parse, so large files go faster. */
  upload: (spaceId: string, kind: ContentKind, file: File, { onProgress, signal }: UploadOptions = {}) => {
    const key = 'POST spaces/:id/contents/upload/';
    const query = new URLSearchParams({ kind, name: file.name } satisfies RawUploadQuery);
    return upload<ResponseOf<EndpointAt<typeof key>>>(`${pathOf(key, { id: spaceId })}?${query}`, file, onProgress, signal);
  },
  rename: (spaceId: string, contentId: string, body: RenameContentBody) =>
    call('PATCH spaces/:id/contents/:content_id/', { params: { id: spaceId, content_id: contentId }, body }),
  remove: (spaceId: string, contentId: string) => call('DELETE spaces/:id/contents/:content_id/', { params: { id: spaceId, content_id: contentId } }),
  text: (spaceId: string, contentId: string, page = 1) =>
    call('GET spaces/:id/contents/:content_id/text/', { params: { id: spaceId, content_id: contentId }, query: { page } }),
  rows: (spaceId: string, contentId: string, page = 1) =>
    call('GET spaces/:id/contents/:content_id/rows/', { params: { id: spaceId, content_id: contentId }, query: { page, page_size: PAGE_SIZE } }),
  email: (spaceId: string, contentId: string) => call('GET spaces/:id/contents/:content_id/email/', { params: { id: spaceId, content_id: contentId } }),
  addContact: (spaceId: string, body: ContactBody) => call('POST spaces/:id/contents/contacts/', { params: { id: spaceId }, body }),
  addNote: (spaceId: string, body: NoteBody) => call('POST spaces/:id/contents/notes/', { params: { id: spaceId }, body }),
  updateNote: (spaceId: string, contentId: string, body: NoteBody) =>
    call('PATCH spaces/:id/contents/:content_id/note/', { params: { id: spaceId, content_id: contentId }, body }),
};

/** Full-text search over the spaces the user may read in the active hub (or one space with space_id). */
export const searchApi = {
  search: (page: number, filters: SearchFilters) =>
    call('GET search/', { query: { page, page_size: PAGE_SIZE, ...filters } }),
  spacesAndPeople: (q: string) => call('GET search/spaces-and-people/', { query: { q } }),
};

/**
 * File addresses come as API paths (/api/v1/files/…, signed). When the API
 * lives on another host they must point there, not at the web app.
 */
export const fileHref = (path: string): string => (path.startsWith('/') ? `${API_HOST}${path}` : path);

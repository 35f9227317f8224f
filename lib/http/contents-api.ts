import type {
  ContactBody, ContentItem, ContentKind, ContentListFilters, ContentRow, EmailView, NoteBody, RawUploadQuery, RenameContentBody, TextPage,
} from '../contract/contents';
import type { SearchFilters, SearchResult } from '../contract/search';
import { http, type Envelope } from './api';
import { API_HOST } from './clients';

const contents = (spaceId: string) => `spaces/${encodeURIComponent(spaceId)}/contents/`;
const content = (spaceId: string, contentId: string) => `${contents(spaceId)}${encodeURIComponent(contentId)}/`;

export interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** What a space holds: uploads, contacts added by hand and notes (the active hub, via Org-Handle). */
export const contentsApi = {
  list: (spaceId: string, page = 1, filters: ContentListFilters = {}) => http.list<ContentItem>(contents(spaceId), page, filters),
  get: (spaceId: string, contentId: string) => http.get<Envelope<ContentItem>>(content(spaceId, contentId)),
  /** The file as the whole request body (POST contents/upload/): no form for the API to parse, so large files go faster. */
  upload: (spaceId: string, kind: ContentKind, file: File, { onProgress, signal }: UploadOptions = {}) => {
    const query = new URLSearchParams({ kind, name: file.name } satisfies RawUploadQuery);
    return http.upload<Envelope<ContentItem>>(`${contents(spaceId)}upload/?${query}`, file, onProgress, signal);
  },
  rename: (spaceId: string, contentId: string, body: RenameContentBody) =>
    http.patch<Envelope<ContentItem>>(content(spaceId, contentId), body),
  remove: (spaceId: string, contentId: string) => http.delete<Envelope<null>>(content(spaceId, contentId)),
  text: (spaceId: string, contentId: string, page = 1) => http.get<Envelope<TextPage>>(`${content(spaceId, contentId)}text/`, { page }),
  rows: (spaceId: string, contentId: string, page = 1) => http.list<ContentRow>(`${content(spaceId, contentId)}rows/`, page),
  email: (spaceId: string, contentId: string) => http.get<Envelope<EmailView>>(`${content(spaceId, contentId)}email/`),
  addContact: (spaceId: string, body: ContactBody) => http.post<Envelope<ContentItem>>(`${contents(spaceId)}contacts/`, body),
  addNote: (spaceId: string, body: NoteBody) => http.post<Envelope<ContentItem>>(`${contents(spaceId)}notes/`, body),
  updateNote: (spaceId: string, contentId: string, body: NoteBody) =>
    http.patch<Envelope<ContentItem>>(`${content(spaceId, contentId)}note/`, body),
};

/** Full-text search over the spaces the user may read in the active hub (or one space with space_id). */
export const searchApi = {
  search: (page: number, filters: SearchFilters) => http.list<SearchResult>('search/', page, filters),
};

/**
 * File addresses come as API paths (/api/v1/files/…, signed). When the API
 * lives on another host they must point there, not at the web app.
 */
export const fileHref = (path: string): string => (path.startsWith('/') ? `${API_HOST}${path}` : path);

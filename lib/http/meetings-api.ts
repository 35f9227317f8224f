import type { CreateMeetingBody, Meeting } from '../contract/meetings';
import { http, type Envelope } from './api';

/** Meetings: started in the active hub; looked up by code across the caller's hubs. */
export const meetingsApi = {
  create: (body: CreateMeetingBody = {}) => http.post<Envelope<Meeting>>('meetings/', body),
  get: (code: string) => http.get<Envelope<Meeting>>(`meetings/${encodeURIComponent(code)}/`),
};

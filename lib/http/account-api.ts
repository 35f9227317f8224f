import type { AuditEvent } from '../contract/audit';
import type { RevokedOthers, RevokedSession, Session } from '../contract/sessions';
import { http, type Envelope } from './api';

/** Where the signed-in person is signed in, and their account's activity. */
export const accountApi = {
  sessions: () => http.get<Envelope<Session[]>>('auth/sessions/'),
  /** `current` in the answer: it was this browser's session, which is now signed out. */
  revokeSession: (id: string) => http.delete<Envelope<RevokedSession>>(`auth/sessions/${encodeURIComponent(id)}/`),
  revokeOtherSessions: () => http.post<Envelope<RevokedOthers>>('auth/sessions/revoke-others/'),
  activity: (page = 1) => http.list<AuditEvent>('auth/activity/', page),
};

import { PAGE_SIZE } from '../../lib/constants';
import { call } from './api';

/** Where the signed-in person is signed in, and their account's activity. */
export const accountApi = {
  sessions: () => call('GET auth/sessions/', {}),
  /** `current` in the answer: it was this browser's session, which is now signed out. */
  revokeSession: (id: string) => call('DELETE auth/sessions/:id/', { params: { id } }),
  revokeOtherSessions: () => call('POST auth/sessions/revoke-others/', {}),
  activity: (page = 1) => call('GET auth/activity/', { query: { page, page_size: PAGE_SIZE } }),
};

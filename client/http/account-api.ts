import { PAGE_SIZE } from '../../lib/constants';
import type { EmailChangeBody } from '../../lib/contract/account';
import type { ResponseOf } from '../../lib/contract/endpoint';
import { pathOf } from '../../lib/contract/endpoint';
import type { EndpointAt } from '../../lib/contract/endpoints';
import { call } from './api';
import { upload } from './upload';

const PHOTO_UPLOAD = 'POST auth/photo/';

/** The signed-in person's own account: where they are signed in, its activity, their photo and their sign-in email. */
export const accountApi = {
  sessions: () => call('GET auth/sessions/', {}),
  /** `current` in the answer: it was this browser's session, which is now signed out. */
  revokeSession: (id: string) => call('DELETE auth/sessions/:id/', { params: { id } }),
  revokeOtherSessions: () => call('POST auth/sessions/revoke-others/', {}),
  activity: (page = 1) => call('GET auth/activity/', { query: { page, page_size: PAGE_SIZE } }),
  uploadPhoto: (file: Blob, name: string, onProgress?: (percent: number) => void, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('file', file, name);
    return upload<ResponseOf<EndpointAt<typeof PHOTO_UPLOAD>>>(pathOf(PHOTO_UPLOAD), form, onProgress, signal);
  },
  removePhoto: () => call('DELETE auth/photo/', {}),
  requestEmailChange: (body: EmailChangeBody) => call('POST auth/email/change/', { body }),
  verifyEmailChange: (code: string) => call('POST auth/email/change/verify/', { body: { code } }),
};

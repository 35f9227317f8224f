import type { CreateMeetingBody } from '../../lib/contract/meetings';
import { call } from './api';

/** Meetings: started in the active hub; looked up by code across the caller's hubs. */
export const meetingsApi = {
  create: (body: CreateMeetingBody = {}) => call('POST meetings/', { body }),
  get: (code: string) => call('GET meetings/:code/', { params: { code } }),
};

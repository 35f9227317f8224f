import type { CreateMeetingBody } from '../../lib/contract/meetings';
import { call } from './api';

/** Meetings: started in the active hub; looked up by code across the caller's hubs. */
export const meetingsApi = {
  create: (body: CreateMeetingBody = {}) => call('POST meetings/', { body }),
  get: (code: string) => call('GET meetings/:code/', { params: { code } }),
  /** Meetings going on now in the active hub (or one of its spaces) that the caller may join. */
  live: (spaceId?: string) => call('GET meetings/live/', { query: spaceId ? { space_id: spaceId } : {} }),
};

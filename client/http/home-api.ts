import { call } from './api';

/** The hub home of the active hub (the request's Org-Handle). */
export const homeApi = {
  get: () => call('GET home/', {}),
};

import { PAGE_SIZE } from '../../lib/constants';
import type { CreateHubBody } from '../../lib/contract/hubs';
import { call } from './api';

/** Hubs: create, check a handle, list, find joinable ones, read, join, make one active. */
export const hubApi = {
  create: (body: CreateHubBody) => call('POST organizations/', { body }),
  checkHandle: (handle: string) => call('GET organizations/check/', { query: { domain_handle: handle } }),
  list: (page = 1) => call('GET organizations/', { query: { page, page_size: PAGE_SIZE } }),
  joinable: () => call('GET organizations/joinable/', {}),
  get: (handle: string) => call('GET organizations/:handle/', { params: { handle } }),
  join: (handle: string) => call('POST organizations/:handle/join/', { params: { handle } }),
  switchTo: (handle: string) => call('POST organizations/switch/', { body: { domain_handle: handle } }),
};

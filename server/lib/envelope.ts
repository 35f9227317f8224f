import type { PageQuery } from '../../lib/contract/envelope';

export const ok = <T>(data: T, message?: string) => (message ? { data, message } : { data });

export const paged = <T>(data: T[], count: number, query: PageQuery) => ({
  data,
  count,
  page: query.page,
  page_size: query.page_size,
});

export const pageOffset = (query: PageQuery) => (query.page - 1) * query.page_size;

import { PAGE_SIZE } from '@/lib/constants';
import type { SearchFilters, SearchResult } from '@/lib/contract/search';
import { searchApi } from '@/client/http/contents-api';
import { usePagedList } from '@/components/ui/usePagedList';

const keyOf = (result: SearchResult) => result.content.id;

/**
 * Search results ten at a time. A blank query asks nothing (the API would
 * refuse it); `scope` (the hub) starts the results again when it changes.
 */
export function useSearch(filters: SearchFilters, scope: string | undefined) {
  const q = filters.q?.trim();
  return usePagedList<SearchResult>({
    query: JSON.stringify([scope, filters]),
    fetchPage: (page) =>
      q ? searchApi.search(page, { ...filters, q }) : Promise.resolve({ data: [], count: 0, page, page_size: PAGE_SIZE }),
    keyOf,
  });
}

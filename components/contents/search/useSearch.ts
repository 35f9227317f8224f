import { useState } from 'react';
import { PAGE_SIZE } from '@/lib/constants';
import type { SearchFilters, SearchResult } from '@/lib/contract/search';
import { fieldErrorsOf } from '@/client/http/clients';
import { searchApi } from '@/client/http/contents-api';
import { usePagedList } from '@/components/ui/usePagedList';

const keyOf = (result: SearchResult) => result.content.id;

/**
 * Search results ten at a time. A blank query asks nothing (the API would
 * refuse it); `scope` (the hub) starts the results again when it changes.
 * `fieldErrors` are the API's objections to the current filters, by field.
 */
export function useSearch(filters: SearchFilters, scope: string | undefined) {
  const q = filters.q?.trim();
  const query = JSON.stringify([scope, filters]);
  const [refused, setRefused] = useState<{ query: string; fields: Record<string, string[]> } | null>(null);
  const list = usePagedList<SearchResult>({
    query,
    fetchPage: (page) =>
      q
        ? searchApi.search(page, { ...filters, q }).catch((e: unknown) => {
          const fields = fieldErrorsOf(e);
          if (fields) setRefused({ query, fields });
          throw e;
        })
        : Promise.resolve({ data: [], count: 0, page, page_size: PAGE_SIZE }),
    keyOf,
  });
  // Objections to an earlier query are not this one's.
  return { ...list, fieldErrors: list.state === 'failed' && refused?.query === query ? refused.fields : {} };
}

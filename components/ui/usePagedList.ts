import { useCallback, useEffect, useRef, useState } from 'react';
import { hasMore, type ListEnvelope } from '@/client/http/api';
import { errorMessage } from '@/client/http/clients';

export type PagedList<T> = {
  /** 'loading' until the first page of the current query arrives. */
  state: 'loading' | 'failed' | 'ready';
  items: T[];
  count: number;
  /** More than `count` match: the list counted up to a cap. */
  countIsCapped: boolean;
  /** The first page's failure, shown in place of the list. */
  error: string | null;
  /** A later page's failure, shown next to "Load more". */
  moreError: string | null;
  /** True while the last page came back full (spec §4). */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  /** Loads the first page again (after a change, or to retry). */
  reload(): void;
};

interface Loaded<T> {
  query: string;
  attempt: number;
  items: T[];
  count: number;
  countIsCapped: boolean;
  page: number;
  more: boolean;
  error: string | null;
}

/**
 * A paged list that grows by one page per "Load more". `query` names what is
 * listed (filters, search); when it changes the list starts again at page 1,
 * and answers for an earlier query or attempt are dropped.
 */
export function usePagedList<T>({ query, fetchPage, keyOf }: {
  query: string;
  fetchPage: (page: number) => Promise<ListEnvelope<T>>;
  keyOf: (item: T) => string;
}): PagedList<T> {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  // The fetcher changes identity on every render; the effect runs on query/attempt only.
  const fetchRef = useRef(fetchPage);
  const current = useRef({ query, attempt });
  useEffect(() => {
    fetchRef.current = fetchPage;
    current.current = { query, attempt };
  });

  useEffect(() => {
    let live = true;
    fetchRef.current(1).then(
      (page) => {
        if (live) {
          setLoaded({ query, attempt, items: page.data, count: page.count, countIsCapped: page.count_is_capped === true, page: 1, more: hasMore(page), error: null });
        }
      },
      (e: unknown) => {
        if (live) setLoaded({ query, attempt, items: [], count: 0, countIsCapped: false, page: 0, more: false, error: errorMessage(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [query, attempt]);

  // A reload of the same query keeps showing the old page until the new one arrives.
  const usable = loaded !== null && loaded.query === query && (loaded.attempt === attempt || !loaded.error);

  const loadMore = useCallback(() => {
    if (!loaded || loadingMore) return;
    const asked = { query: loaded.query, attempt: loaded.attempt };
    setLoadingMore(true);
    setMoreError(null);
    fetchRef.current(loaded.page + 1).then(
      (page) => {
        const now = current.current;
        if (now.query !== asked.query || now.attempt !== asked.attempt) return;
        setLoaded((prev) =>
          prev && {
            ...prev,
            // A record created meanwhile shifts the pages; never show one twice.
            items: [...prev.items, ...page.data.filter((item) => !prev.items.some((old) => keyOf(old) === keyOf(item)))],
            count: page.count,
            countIsCapped: page.count_is_capped === true,
            page: prev.page + 1,
            more: hasMore(page),
          },
        );
      },
      (e: unknown) => setMoreError(errorMessage(e)),
    ).finally(() => setLoadingMore(false));
  }, [loaded, loadingMore, keyOf]);

  const reload = useCallback(() => {
    setMoreError(null);
    setAttempt((n) => n + 1);
  }, []);

  if (!usable) {
    return { state: 'loading', items: [], count: 0, countIsCapped: false, error: null, moreError: null, hasMore: false, loadingMore: false, loadMore, reload };
  }
  return {
    state: loaded.error ? 'failed' : 'ready',
    items: loaded.items,
    count: loaded.count,
    countIsCapped: loaded.countIsCapped,
    error: loaded.error,
    moreError,
    hasMore: loaded.more,
    loadingMore,
    loadMore,
    reload,
  };
}

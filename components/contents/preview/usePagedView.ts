import { useState } from 'react';
import { useLoad } from '@/components/ui/useLoad';

/**
 * One page of something at a time (text pages, rows). While the next page
 * loads, the last one stays on screen instead of a blank pane. `firstPage`
 * opens elsewhere than the start (a search result's passage).
 */
export function usePagedView<T>(fetchPage: (page: number) => Promise<T>, firstPage = 1) {
  const [page, setPage] = useState(firstPage);
  const { load, retry } = useLoad(String(page), (p) => fetchPage(Number(p)));
  const [last, setLast] = useState<T | null>(null);
  if (load.state === 'ready' && load.value !== last) setLast(load.value);
  return {
    page,
    setPage,
    load,
    retry,
    value: load.state === 'ready' ? load.value : last,
    problem: load.state === 'loading' || load.state === 'ready' ? null : load.message,
  };
}

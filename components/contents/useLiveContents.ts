import { useCallback, useEffect, useMemo, useState } from 'react';
import { contentStatuses, type ContentItem, type ContentListFilters } from '@/lib/contract/contents';
import { statusOf } from '@/client/http/clients';
import { contentsApi } from '@/client/http/contents-api';
import { usePagedList, type PagedList } from '@/components/ui/usePagedList';
import { isPending } from './kinds';

/** How often items still queued or processing are asked about again. */
export const POLL_INTERVAL_MS = 2000;

const keyOf = (item: ContentItem) => item.id;

/**
 * Of two copies of an item, the later one. A status only moves forward, so
 * on equal timestamps the further status wins (a server may not touch
 * updated_at when processing moves on).
 */
function newer(a: ContentItem, b: ContentItem | undefined): ContentItem {
  if (!b) return a;
  if (b.updated_at !== a.updated_at) return b.updated_at > a.updated_at ? b : a;
  return contentStatuses.indexOf(b.status) > contentStatuses.indexOf(a.status) ? b : a;
}

/** Whether an item created here belongs in the list as it is filtered now. */
function matches(item: ContentItem, filters: ContentListFilters): boolean {
  const search = filters.search?.trim().toLowerCase();
  return (
    (!filters.kind || item.kind === filters.kind) &&
    (!filters.status || item.status === filters.status) &&
    (!search || item.name.toLowerCase().includes(search))
  );
}

export interface LiveContents extends PagedList<ContentItem> {
  /** A new item made here (upload, note, contact): shown at the top at once. */
  add(item: ContentItem): void;
  /** A newer copy of an item (rename, note edit, a status poll). */
  update(item: ContentItem): void;
  remove(id: string): void;
  /** The freshest copy known of any item, listed or not (a preview opened from search). */
  latest(id: string): ContentItem | undefined;
}

/**
 * A space's contents, ten at a time, kept live: items created, renamed or
 * deleted here change the list at once, and while any listed item is queued
 * or processing it is fetched again every POLL_INTERVAL_MS until none is.
 */
export function useLiveContents(spaceId: string, filters: ContentListFilters): LiveContents {
  const query = JSON.stringify([spaceId, filters]);
  const list = usePagedList<ContentItem>({ query, fetchPage: (page) => contentsApi.list(spaceId, page, filters), keyOf });
  const [fresh, setFresh] = useState<Record<string, ContentItem>>({});
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  // Items created under one query; another query fetches its own.
  const [added, setAdded] = useState<{ query: string; items: ContentItem[] }>({ query, items: [] });
  const [polls, setPolls] = useState(0);

  const update = useCallback((item: ContentItem) => setFresh((all) => ({ ...all, [item.id]: newer(item, all[item.id]) })), []);
  const remove = useCallback((id: string) => setRemoved((ids) => new Set(ids).add(id)), []);
  const add = useCallback(
    (item: ContentItem) => {
      update(item);
      if (matches(item, filters)) {
        setAdded((prev) => ({ query, items: [item, ...(prev.query === query ? prev.items : []).filter((i) => i.id !== item.id)] }));
      }
    },
    [filters, query, update],
  );

  const { items, extra } = useMemo(() => {
    const listed = new Set(list.items.map(keyOf));
    const newOnes = added.query === query ? added.items.filter((i) => !listed.has(i.id)) : [];
    const all = [...newOnes, ...list.items].filter((i) => !removed.has(i.id)).map((i) => newer(i, fresh[i.id]));
    return { items: all, extra: newOnes.length - list.items.filter((i) => removed.has(i.id)).length };
  }, [list.items, added, query, removed, fresh]);

  const pending = items.filter(isPending).map(keyOf).sort().join(',');
  useEffect(() => {
    if (!pending) return;
    let live = true;
    const timer = window.setTimeout(async () => {
      const ids = pending.split(',');
      const answers = await Promise.allSettled(ids.map((id) => contentsApi.get(spaceId, id)));
      if (!live) return;
      answers.forEach((answer, i) => {
        if (answer.status === 'fulfilled') update(answer.value.data);
        // Deleted meanwhile (by someone else); other failures are retried on the next round.
        else if (statusOf(answer.reason) === 404) remove(ids[i] ?? '');
      });
      setPolls((n) => n + 1);
    }, POLL_INTERVAL_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [pending, spaceId, polls, update, remove]);

  const latest = useCallback((id: string) => items.find((i) => i.id === id) ?? fresh[id], [items, fresh]);

  return { ...list, items, count: Math.max(0, list.count + extra), add, update, remove, latest };
}

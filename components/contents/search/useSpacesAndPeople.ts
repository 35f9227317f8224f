import { useEffect, useState } from 'react';
import type { SpacesAndPeople } from '@/lib/contract/search';
import { searchApi } from '@/client/http/contents-api';

const NONE: SpacesAndPeople = { spaces: [], people: [] };

/**
 * The spaces and people whose names start a word with `q` (a few of each),
 * with the query they answer, so a caller can tell an answer to an earlier
 * query from the current one; null until the first answer. A failure finds
 * none: the items' search beside it says what went wrong.
 */
export function useSpacesAndPeople(q: string, scope: string | undefined): { q: string; found: SpacesAndPeople } | null {
  const [answer, setAnswer] = useState<{ q: string; found: SpacesAndPeople } | null>(null);
  useEffect(() => {
    if (!q) return undefined;
    let current = true;
    const settle = (found: SpacesAndPeople) => current && setAnswer({ q, found });
    searchApi.spacesAndPeople(q).then((res) => settle(res.data), () => settle(NONE));
    return () => { current = false; };
  }, [q, scope]);
  // A blank query asks nothing (the API would refuse it).
  return q ? answer : { q, found: NONE };
}

/** Where a space found opens. */
export const spaceAddress = (spaceId: string) => `/spaces/${encodeURIComponent(spaceId)}`;
/** Where a person found opens: the hub's members. */
export const MEMBERS_ADDRESS = '/hub/settings?tab=members';

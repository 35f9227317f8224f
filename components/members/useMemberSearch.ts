import { useEffect, useState } from 'react';
import type { Member } from '@/lib/contract/members';
import { errorMessage } from '@/client/http/clients';
import { memberApi } from '@/client/http/hub-admin-api';
import { useDebouncedValue } from '@/components/ui/useDebouncedValue';

/**
 * The hub's members matching what is typed in a picker (first page, debounced);
 * `offer` leaves out those the picker must not offer (yourself, people already in).
 */
export function useMemberSearch(handle: string, offer: (member: Member) => boolean) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const [answer, setAnswer] = useState<{ term: string; members: Member[]; error: string | null } | null>(null);

  useEffect(() => {
    // No hub (signed out meanwhile): nothing to search.
    if (!handle) return;
    let live = true;
    memberApi.list(handle, 1, term ? { search: term } : {}).then(
      ({ data }) => live && setAnswer({ term, members: data, error: null }),
      (e: unknown) => live && setAnswer({ term, members: [], error: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [handle, term]);

  return {
    setSearch,
    loading: answer?.term !== term,
    members: (answer?.members ?? []).filter(offer),
    error: answer?.error ?? null,
  };
}

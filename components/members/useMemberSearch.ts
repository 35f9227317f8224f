import type { Member } from '@/lib/contract/members';
import { memberApi } from '@/client/http/hub-admin-api';
import { usePickerSearch } from '@/components/ui/usePickerSearch';

/**
 * The hub's members matching what is typed in a picker (first page, debounced);
 * `offer` leaves out those the picker must not offer (yourself, people already in).
 */
export function useMemberSearch(handle: string, offer: (member: Member) => boolean) {
  const found = usePickerSearch(handle, async (term) => (await memberApi.list(handle, 1, term ? { search: term } : {})).data);
  return { setSearch: found.setSearch, loading: found.loading, members: found.items.filter(offer), error: found.error };
}

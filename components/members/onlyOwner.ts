import type { ListEnvelope } from '@/client/http/api';

/**
 * Whether the signed-in person is the only owner of a hub or space, as the
 * server's member list marks them (their own row, found by their address):
 * asked before offering to leave, so they are told at once why they cannot.
 */
export async function isOnlyOwner(
  fetchPage: (page: number, search: string) => Promise<ListEnvelope<{ user_id: string; only_owner: boolean }>>,
  me: { id: string; email: string },
): Promise<boolean> {
  const { data } = await fetchPage(1, me.email);
  return data.some((member) => member.user_id === me.id && member.only_owner);
}

/** What the only owner is told instead of a confirmation to leave. */
export const onlyOwnerLeaving = (placeName: string) =>
  `You are the only owner of ${placeName} — make someone else owner first.`;

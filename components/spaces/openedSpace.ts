import type { Space } from '@/lib/contract/spaces';

let opened: { userId: string; space: Space } | null = null;

/** Remembers the space whose card was just followed, so its page can draw it while fetching the fresh copy. */
export function rememberOpenedSpace(userId: string, space: Space): void {
  opened = { userId, space };
}

/** That space, when it is `id` and the same person followed it (another who signs in later in this tab must not see it). */
export function openedSpace(userId: string | undefined, id: string | null): Space | undefined {
  return opened && userId && opened.userId === userId && opened.space.id === id ? opened.space : undefined;
}

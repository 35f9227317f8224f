import { create } from 'zustand';
import type { Space } from '@/lib/contract/spaces';
import { errorMessage } from '@/client/http/clients';
import { spacesApi } from '@/client/http/spaces-api';
import { useRequestStore } from '@/store/request';

/** How many last-opened spaces the side bar's "Recent" group shows. */
export const RECENT_SPACES = 5;

export interface SidebarSpacesState {
  /** The hub the spaces belong to; another hub's list is never shown. */
  hub: string | null;
  state: 'idle' | 'loading' | 'ready' | 'failed';
  /** In the API's side bar order (starred, last opened, the rest by name). */
  spaces: Space[];
  /** How many spaces the hub has for the caller; more than `spaces` holds when it is long. */
  count: number;
  /** The space opened last in this tab: a list that answers after its visit was noted may not know it yet. */
  opened: { id: string; at: string } | null;
  /** Loads the hub's spaces, unless they are loaded or loading already. */
  load(hub: string): void;
  /** Loads them again: after a space is created, renamed, joined or opened. */
  reload(): void;
  setStarred(space: Space, starred: boolean): Promise<void>;
  /** Notes that the person opened the space (the API notes it too), so "Recent" follows without a reload. */
  visited(id: string): void;
}

const withVisit = (spaces: Space[], opened: SidebarSpacesState['opened']) =>
  spaces.map((s) => (s.id === opened?.id && (s.visited_at ?? '') < opened.at ? { ...s, visited_at: opened.at } : s));

/**
 * The side bar's spaces, shared by the side bar, the phone drawer and the
 * command palette, so a star or a new space shows everywhere at once.
 */
export const useSidebarSpaces = create<SidebarSpacesState>()((set, get) => {
  const fetch = (hub: string) => {
    set({ hub, state: get().hub === hub && get().state === 'ready' ? 'ready' : 'loading' });
    spacesApi.sidebar().then(
      ({ data, count }) => get().hub === hub && set({ spaces: withVisit(data, get().opened), count, state: 'ready' }),
      () => get().hub === hub && set({ state: 'failed' }),
    );
  };
  return {
    hub: null,
    state: 'idle',
    spaces: [],
    count: 0,
    opened: null,
    load: (hub) => {
      const { hub: current, state } = get();
      if (current === hub && state !== 'idle' && state !== 'failed') return;
      if (current !== hub) set({ spaces: [], count: 0 });
      fetch(hub);
    },
    reload: () => {
      const { hub } = get();
      if (hub) fetch(hub);
    },
    visited: (id) => {
      const opened = { id, at: new Date().toISOString() };
      set({ opened, spaces: withVisit(get().spaces, opened) });
    },
    setStarred: async (space, starred) => {
      const swap = (next: Space) => set({ spaces: get().spaces.map((s) => (s.id === next.id ? next : s)) });
      // Shown at once; the API's answer (or the old row, if it refuses) settles it.
      swap({ ...space, starred });
      try {
        swap((starred ? await spacesApi.star(space.id) : await spacesApi.unstar(space.id)).data);
      } catch (error) {
        swap(space);
        useRequestStore.getState().fetchError(errorMessage(error));
      }
    },
  };
});

/** The side bar's groups: starred, the few last opened, then every other space by name. */
export function groupSpaces(spaces: Space[]) {
  const starred = spaces.filter((s) => s.starred);
  const recent = spaces
    .filter((s) => !s.starred && s.visited_at !== null)
    .sort((a, b) => (b.visited_at ?? '').localeCompare(a.visited_at ?? ''))
    .slice(0, RECENT_SPACES);
  const shown = new Set([...starred, ...recent].map((s) => s.id));
  const rest = spaces.filter((s) => !shown.has(s.id)).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return { starred, recent, rest };
}

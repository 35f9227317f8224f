import { create } from 'zustand';

export type RequestMessageKind = 'error' | 'notification';

/**
 * Request state (spec §4): the last app-wide message to show. Loading is
 * shown where each request is made (a busy button, a skeleton, the route
 * progress bar), so no app-wide loading flag is kept.
 */
export interface RequestState {
  message: string | null;
  kind: RequestMessageKind | null;
  /** Sets an error message. */
  fetchError(message: string): void;
  /** Sets an informational message. */
  notify(message: string): void;
  /** Forgets the message once it has been shown. */
  clear(): void;
}

export const useRequestStore = create<RequestState>()((set) => ({
  message: null,
  kind: null,
  fetchError: (message) => set({ message, kind: 'error' }),
  notify: (message) => set({ message, kind: 'notification' }),
  clear: () => set({ message: null, kind: null }),
}));

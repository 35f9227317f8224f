import { create } from 'zustand';

export type RequestMessageKind = 'error' | 'notification';

/** Request state (spec §4): one app-wide loading flag and the last message to show. */
export interface RequestState {
  loading: boolean;
  message: string | null;
  kind: RequestMessageKind | null;
  /** Sets loading and clears any message. */
  fetchStart(): void;
  /** Clears loading. */
  fetchSuccess(): void;
  /** Stops loading and sets an error message. */
  fetchError(message: string): void;
  /** Stops loading and sets an informational message. */
  notify(message: string): void;
  /** Forgets the message once it has been shown. */
  clear(): void;
}

export const useRequestStore = create<RequestState>()((set) => ({
  loading: false,
  message: null,
  kind: null,
  fetchStart: () => set({ loading: true, message: null, kind: null }),
  fetchSuccess: () => set({ loading: false }),
  fetchError: (message) => set({ loading: false, message, kind: 'error' }),
  notify: (message) => set({ loading: false, message, kind: 'notification' }),
  clear: () => set({ message: null, kind: null }),
}));

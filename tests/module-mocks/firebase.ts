import { vi } from 'vitest';
import type { signInWithGoogle as popup } from '@/client/firebase';
import { resetBeforeEachFile } from '../shared-modules';

/** Off, as without the NEXT_PUBLIC_FIREBASE_* settings, unless a test calls enableFirebase. */
export let firebaseEnabled = false;

/** Google's popup is the outside world: a test stands in for it with an ID token. */
export const signInWithGoogle = vi.fn<typeof popup>();

export function enableFirebase(): void {
  firebaseEnabled = true;
}

resetBeforeEachFile(() => {
  firebaseEnabled = false;
  signInWithGoogle.mockReset();
});

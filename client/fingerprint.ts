import { FINGERPRINT_FAILED_MESSAGE } from '../lib/constants';

let visitorId: Promise<string | null> | null = null;

/**
 * The browser's visitor id, computed locally once per page load from its
 * audio and canvas output; null when neither can be read (the app keeps
 * working without it).
 */
export function getVisitorId(): Promise<string | null> {
  if (typeof window === 'undefined') return Promise.resolve(null);
  // Loaded on demand: the library touches browser APIs and is not needed for the first paint.
  visitorId ??= import('./visitor-fingerprint')
    .then((module) => module.computeVisitorId())
    .catch((error: unknown) => {
      console.error(FINGERPRINT_FAILED_MESSAGE, error);
      // A failure is not kept, so a later call may succeed.
      visitorId = null;
      return null;
    });
  return visitorId;
}

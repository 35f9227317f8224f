import { FINGERPRINT_FAILED_MESSAGE } from './constants';

let visitorId: Promise<string | null> | null = null;

async function computeVisitorId(): Promise<string | null> {
  try {
    // Imported on demand: the library touches browser APIs and is not needed for server rendering.
    const { default: FingerprintJS } = await import('@fingerprintjs/fingerprintjs');
    // monitoring:false stops the library's usage-statistics request to a third party.
    const agent = await FingerprintJS.load({ monitoring: false });
    const result = await agent.get();
    return result.visitorId;
  } catch (error) {
    console.error(FINGERPRINT_FAILED_MESSAGE, error);
    return null;
  }
}

/**
 * The browser's visitor id, computed locally once per page load; null when it
 * cannot be computed (the app keeps working without it).
 */
export function getVisitorId(): Promise<string | null> {
  if (typeof window === 'undefined') return Promise.resolve(null);
  visitorId ??= computeVisitorId().then((id) => {
    // A failure is not cached, so a later call may succeed.
    if (id === null) visitorId = null;
    return id;
  });
  return visitorId;
}

import { useEffect, useState } from 'react';

const mockingEnabled = process.env.NEXT_PUBLIC_API_MOCKING === 'enabled';

/**
 * With NEXT_PUBLIC_API_MOCKING=enabled, starts the msw worker and reports
 * ready once it intercepts requests; otherwise ready at once. The condition
 * is a build-time constant, so without mocking the bundler drops the import
 * and no mock code ships.
 */
export function useMockApi(): boolean {
  const [ready, setReady] = useState(!mockingEnabled);
  useEffect(() => {
    if (process.env.NEXT_PUBLIC_API_MOCKING !== 'enabled') return;
    let cancelled = false;
    void import('./browser')
      .then(({ startMockWorker }) => startMockWorker())
      .catch((error: unknown) => console.error('Could not start the mock API', error))
      .finally(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return ready;
}

import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetMocks, server } from '@/mocks/node';

/**
 * Starts the mock backend for the calling test file (call at the top level);
 * any request it does not know fails the test.
 */
export function setupMockServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => resetMocks());
  afterAll(() => server.close());
}

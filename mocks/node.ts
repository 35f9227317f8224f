import { setupServer } from 'msw/node';
import { createHandlers } from './handlers';
import { createTokenRoute } from './handlers/token';
import { MockDb } from './state';

/**
 * The mock backend for component tests:
 *   beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
 *   afterEach(resetMocks);
 *   afterAll(() => server.close());
 */
export const mockDb = new MockDb();
export const tokenRoute = createTokenRoute();
export const server = setupServer(...createHandlers(mockDb), ...tokenRoute.handlers);

export function resetMocks(): void {
  server.resetHandlers();
  mockDb.reset();
  tokenRoute.token = null;
}

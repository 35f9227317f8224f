import mitt from 'next/dist/shared/lib/mitt';
import { vi } from 'vitest';
import { resetBeforeEachFile } from './shared-modules';

/**
 * The stand-in for next/router in component tests: tests/setup.ts mocks
 * next/router with this module for every file, so `mockRouter.replace` etc.
 * are spies; set `mockRouter.query` before rendering.
 */
export const mockRouter = {
  pathname: '/',
  asPath: '/',
  query: {} as Record<string, string | string[] | undefined>,
  isReady: true,
  push: vi.fn(async (_url: string) => true),
  replace: vi.fn(async (_url: string) => true),
  prefetch: vi.fn(async () => undefined),
  back: vi.fn(),
  // Next's own emitter, as Router.events is: RouteProgress listens on it and its test emits on it.
  events: mitt(),
};

/** Hands out mockRouter; a test whose router changes on navigation gives it another implementation. */
export const useRouter = vi.fn(() => mockRouter);
export default mockRouter;

/** Back to a fresh router on `path` with `query`. */
export function resetRouter(path = '/', query: Record<string, string> = {}): void {
  mockRouter.pathname = path;
  mockRouter.asPath = path;
  mockRouter.query = query;
  mockRouter.isReady = true;
  mockRouter.push.mockClear();
  mockRouter.replace.mockClear();
}

resetBeforeEachFile(() => {
  resetRouter();
  for (const spy of [mockRouter.push, mockRouter.replace, mockRouter.prefetch, mockRouter.back, useRouter]) spy.mockReset();
  mockRouter.events = mitt();
});

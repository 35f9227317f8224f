import { vi } from 'vitest';

/**
 * A stand-in for next/router in component tests:
 *   vi.mock('next/router', () => import('@/tests/router'));
 * and then `mockRouter.replace` etc. are spies; set `mockRouter.query` before rendering.
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
  events: { on: vi.fn(), off: vi.fn(), emit: vi.fn() },
};

export const useRouter = () => mockRouter;
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

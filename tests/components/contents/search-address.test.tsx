import { act, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubSearch } from '@/components/contents/search/HubSearch';
import { SEARCH_DELAY_MS } from '@/components/ui/useDebouncedValue';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { mockRouter, useRouter } from '@/tests/router';
import { renderStill, signInOwner } from '../spaces/fixtures';

/**
 * next/router as it behaves in the browser for this page: every navigation,
 * a shallow replace included, hands out a new router object.
 */
const navigation = (() => {
  const listeners = new Set<() => void>();
  const replaced: string[] = [];
  const make = (asPath: string): typeof mockRouter => ({
    ...mockRouter,
    pathname: '/search',
    asPath,
    query: {},
    replace: vi.fn(async (url: string) => {
      replaced.push(url);
      current = make(url);
      for (const listener of listeners) listener();
      return true;
    }),
  });
  let current = make('/search');
  return {
    replaced,
    reset: () => { replaced.length = 0; current = make('/search'); },
    subscribe: (listener: () => void) => { listeners.add(listener); return () => listeners.delete(listener); },
    snapshot: () => current,
  };
})();

setupMockServer();
resetAuthAfterEach();
beforeEach(() => {
  useRouter.mockImplementation(() => useSyncExternalStore(navigation.subscribe, navigation.snapshot));
});
afterEach(() => navigation.reset());

describe('the search page address', () => {
  it('is written once when it changes, not again and again as each replace hands out a new router', async () => {
    await signInOwner();
    const { user } = renderStill(<HubSearch />);
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS * 3)));
    await settle();
    // Opened at /search with nothing typed: the address is already right.
    expect(navigation.replaced).toEqual([]);

    await user.type(screen.getByLabelText('Search the hub', { exact: true }), 'budget');
    await settle();
    expect(navigation.replaced).toEqual(['/search?q=budget']);
  });
});

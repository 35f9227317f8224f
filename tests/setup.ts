import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import type { StoreApi } from 'zustand';
import { runFileResets } from './shared-modules';

// Mocked for every file with one shared instance whose behaviour each test sets: files share modules (isolate: false),
// so a module that imports one of these is loaded once per worker and keeps the mock it was first given.
vi.mock('next/router', () => import('@/tests/router'));
vi.mock('@/client/fingerprint', () => import('@/tests/module-mocks/fingerprint'));
vi.mock('@/client/firebase', () => import('@/tests/module-mocks/firebase'));
vi.mock('@/components/contents/preview/pdf-document', () => import('@/tests/module-mocks/pdf-document'));

// findBy and waitFor give up after 1 s by default: too short when the unit suite
// shares two cores with the API suite and the browser tests, as it does in npm test.
configure({ asyncUtilTimeout: 5_000 });

// What the file before this one in the worker may have left: fake timers, stubbed globals and env, helpers' own state.
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
runFileResets();

// Files that opt into `@vitest-environment node` (server-side route handlers) have no DOM.
if (typeof window !== 'undefined') {
  // antd reads media queries for responsive layout; jsdom has none.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });

  // antd measures elements (Select, Dropdown, overflow menus); jsdom has no layout engine.
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });

  // jsdom has no layout: Ranges cannot measure themselves and nothing is at a point. ProseMirror asks both when it
  // scrolls the caret into view; empty answers are enough for an editor typed into by a test. Set for every file,
  // as files share the window: set by the editor's tests alone, they would hold for the files after them too.
  const noRects = (): DOMRectList => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
  document.elementFromPoint ??= () => null;
  // Nor any scrolling; tests that watch it put a spy here, which would otherwise stay for the files after them.
  Element.prototype.scrollIntoView = () => undefined;

  // jsdom throws "Not implemented" for pseudo-element styles, which antd asks for when measuring scrollbars.
  // jsdom's own function is kept on the wrapper: the next file, on the same window, wraps it and not the wrapper.
  type StyleReader = typeof window.getComputedStyle & { jsdom?: typeof window.getComputedStyle };
  const installed: StyleReader = window.getComputedStyle;
  const jsdomStyle = installed.jsdom ?? installed.bind(window);
  const withoutPseudo: StyleReader = (element: Element, pseudo?: string | null) => jsdomStyle(element, pseudo ? undefined : pseudo);
  withoutPseudo.jsdom = jsdomStyle;
  window.getComputedStyle = withoutPseudo;

  await startLikeAFreshWindow();

  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}

/**
 * Files share one jsdom and one module graph (isolate: false): each starts
 * from what a new window and newly loaded stores hold. <head> is kept: antd's
 * and styled-components' style caches live in modules that stay loaded, and
 * would not insert again a style they have inserted.
 */
async function startLikeAFreshWindow(): Promise<void> {
  const [{ useAuthStore }, { useRequestStore }, { useSidebarSpaces }, { apiClient, setAuthToken, setHubHandle }, { resetMocks, server }] =
    await Promise.all([
      import('@/store/auth'),
      import('@/store/request'),
      import('@/components/layout/sidebarSpaces'),
      import('@/client/http/clients'),
      import('@/mocks/node'),
    ]);
  // The mock backend's data and handlers, and listeners a test that failed did not get to remove.
  resetMocks();
  server.events.removeAllListeners();
  const reset = <T>(store: StoreApi<T>) => store.setState(store.getInitialState(), true);
  reset(useAuthStore);
  reset(useRequestStore);
  reset(useSidebarSpaces);
  setAuthToken(null);
  // Only when set: clearing it logs.
  if (apiClient.defaults.headers.common['Org-Handle']) setHubHandle(null);

  // Portals a file leaves behind: antd's static confirms, and dialogs still leaving (jsdom ends no transition).
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  window.history.replaceState(null, '', '/');
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
  // jsdom's navigator has no named properties of its own (only its implementation symbol); tests define some (mediaDevices).
  for (const key of Object.getOwnPropertyNames(navigator)) Reflect.deleteProperty(navigator, key);
}

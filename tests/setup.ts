import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy and waitFor give up after 1 s by default: too short when the unit suite
// shares two cores with the API suite and the browser tests, as it does in npm test.
configure({ asyncUtilTimeout: 5_000 });

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

  // jsdom throws "Not implemented" for pseudo-element styles, which antd asks for when measuring scrollbars.
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element, pseudo?: string | null) => getComputedStyle(element, pseudo ? undefined : pseudo);

  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}

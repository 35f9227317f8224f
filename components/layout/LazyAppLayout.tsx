import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { FullPageSpinner } from './FullPageSpinner';

/**
 * Starts loading a part of a signed-in page at once, in parallel with the
 * session restore whose spinner is the page's first paint, instead of with the
 * page's HTML; `Lazy` renders it once loaded (the spinner until then).
 */
export function preloaded<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const loading = typeof window === 'undefined' ? null : load();
  return lazy(async () => ({ default: await (loading ?? load()) }));
}

// The app shell is built with antd.
const Shell = preloaded(() => import('./AppLayout').then((m) => m.AntdAppLayout));

/** `getLayout` for signed-in pages whose first load leaves the app shell out (see `preloaded`). */
export const withLazyAppLayout = (page: ReactElement) => (
  <Suspense fallback={<FullPageSpinner />}>
    <Shell>{page}</Shell>
  </Suspense>
);

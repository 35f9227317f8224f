import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { FullPageSpinner } from './FullPageSpinner';

/**
 * Starts loading a part of a signed-in page in the browser at once, in
 * parallel with the session restore, rather than when it is first rendered.
 * The server renders it in full (it waits for lazy parts), so the first HTML
 * has it; after a client-side navigation the Suspense fallback shows until it
 * has loaded.
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

import { useEffect } from 'react';
import Router from 'next/router';

type NProgress = typeof import('nprogress');

// Loaded after the page, not with it: the bar is only needed once the visitor navigates.
const loadNProgress = () =>
  import('nprogress').then(({ default: nprogress }) => nprogress.configure({ showSpinner: false, trickleSpeed: 150, minimum: 0.15 }));

/** The thin bar at the top while a route change is in progress (spec §2, §4). */
export function RouteProgress() {
  useEffect(() => {
    let bar: NProgress | null = null;
    // A change that starts before the bar has loaded shows it once it has.
    let changing = false;
    let mounted = true;
    void loadNProgress().then((loaded) => {
      if (!mounted) return;
      bar = loaded;
      if (changing) bar.start();
    });
    const start = (_url: string, { shallow }: { shallow: boolean }) => {
      // Shallow changes only touch the query string; nothing loads.
      if (shallow) return;
      changing = true;
      bar?.start();
    };
    const done = () => {
      changing = false;
      bar?.done();
    };
    Router.events.on('routeChangeStart', start);
    Router.events.on('routeChangeComplete', done);
    Router.events.on('routeChangeError', done);
    return () => {
      mounted = false;
      Router.events.off('routeChangeStart', start);
      Router.events.off('routeChangeComplete', done);
      Router.events.off('routeChangeError', done);
      bar?.done();
    };
  }, []);
  return null;
}

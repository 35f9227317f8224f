import { useEffect } from 'react';
import Router from 'next/router';
import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false, trickleSpeed: 150, minimum: 0.15 });

/** The thin bar at the top while a route change is in progress (spec §2, §4). */
export function RouteProgress() {
  useEffect(() => {
    const start = (_url: string, { shallow }: { shallow: boolean }) => {
      // Shallow changes only touch the query string; nothing loads.
      if (!shallow) NProgress.start();
    };
    const done = () => NProgress.done();
    Router.events.on('routeChangeStart', start);
    Router.events.on('routeChangeComplete', done);
    Router.events.on('routeChangeError', done);
    return () => {
      Router.events.off('routeChangeStart', start);
      Router.events.off('routeChangeComplete', done);
      Router.events.off('routeChangeError', done);
      NProgress.done();
    };
  }, []);
  return null;
}

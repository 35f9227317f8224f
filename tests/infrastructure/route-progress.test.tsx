import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import Router from 'next/router';
import NProgress from 'nprogress';
import { RouteProgress } from '@/components/layout/RouteProgress';

/** Renders the bar and waits until its code has loaded (it loads after the page). */
async function renderLoaded() {
  render(<RouteProgress />);
  Router.events.emit('routeChangeStart', '/warm-up', { shallow: false });
  await waitFor(() => expect(NProgress.isStarted()).toBe(true));
  Router.events.emit('routeChangeComplete', '/warm-up', { shallow: false });
}

describe('RouteProgress (spec §2, §4)', () => {
  it('shows the bar for a change that starts before its code has loaded', async () => {
    render(<RouteProgress />);
    Router.events.emit('routeChangeStart', '/next', { shallow: false });
    await waitFor(() => expect(NProgress.isStarted()).toBe(true));
    Router.events.emit('routeChangeComplete', '/next', { shallow: false });
    expect(NProgress.isStarted()).toBe(false);
  });

  it('shows the bar from the start of a route change until it completes', async () => {
    await renderLoaded();
    Router.events.emit('routeChangeStart', '/next', { shallow: false });
    expect(NProgress.isStarted()).toBe(true);
    expect(document.getElementById('nprogress')).not.toBeNull();
    Router.events.emit('routeChangeComplete', '/next', { shallow: false });
    expect(NProgress.isStarted()).toBe(false);
  });

  it('hides the bar when a route change fails', async () => {
    await renderLoaded();
    Router.events.emit('routeChangeStart', '/broken', { shallow: false });
    Router.events.emit('routeChangeError', new Error('failed'), '/broken', { shallow: false });
    expect(NProgress.isStarted()).toBe(false);
  });

  it('ignores shallow changes, which load nothing', async () => {
    await renderLoaded();
    Router.events.emit('routeChangeStart', '/?tab=2', { shallow: true });
    expect(NProgress.isStarted()).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import Router from 'next/router';
import NProgress from 'nprogress';
import { RouteProgress } from '@/components/layout/RouteProgress';

describe('RouteProgress (spec §2, §4)', () => {
  it('shows the bar from the start of a route change until it completes', () => {
    render(<RouteProgress />);
    Router.events.emit('routeChangeStart', '/next', { shallow: false });
    expect(NProgress.isStarted()).toBe(true);
    expect(document.getElementById('nprogress')).not.toBeNull();
    Router.events.emit('routeChangeComplete', '/next', { shallow: false });
    expect(NProgress.isStarted()).toBe(false);
  });

  it('hides the bar when a route change fails', () => {
    render(<RouteProgress />);
    Router.events.emit('routeChangeStart', '/broken', { shallow: false });
    Router.events.emit('routeChangeError', new Error('failed'), '/broken', { shallow: false });
    expect(NProgress.isStarted()).toBe(false);
  });

  it('ignores shallow changes, which load nothing', () => {
    render(<RouteProgress />);
    Router.events.emit('routeChangeStart', '/?tab=2', { shallow: true });
    expect(NProgress.isStarted()).toBe(false);
  });
});

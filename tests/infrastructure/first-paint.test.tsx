import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { AuthGuard } from '@/components/layout/AuthGuard';
import { withAppLayout } from '@/components/layout/AppLayout';
import { setAuthToken, setHubHandle } from '@/client/http/clients';
import { getVisitorId } from '@/client/fingerprint';
import type { AppPage } from '@/lib/page';
import { mockDb, server, tokenRoute } from '@/mocks/node';
import SignInPage from '@/pages/sign-in';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from './msw';
import { deferred } from '@/tests/render';
import { resetRouter } from '@/tests/router';

setupMockServer();

beforeEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
  setAuthToken(null);
  setHubHandle(null);
  // The browser gives a fingerprint: start-up has nothing to report about it.
  vi.mocked(getVisitorId).mockResolvedValue('visitor-1');
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

/** Renders a page as _app does: its layout, guarded by its access. */
function renderPage(Page: AppPage, path: string) {
  resetRouter(path);
  render(
    <AuthGuard access={Page.access ?? 'user'} layout={Page.getLayout}>
      <Page />
    </AuthGuard>,
  );
}

/** A signed-in page showing what only its user may see. */
const PrivatePage: AppPage = () => <p>Private notes of {useAuthStore((s) => s.user?.email)}</p>;
PrivatePage.access = 'user';
PrivatePage.getLayout = withAppLayout;

describe('first paint while the session is checked', () => {
  it('shows the sign-in form, usable, before the session check has answered', async () => {
    const check = deferred();
    server.use(http.get('*/api/token/', async () => { await check.promise; }));
    renderPage(SignInPage, '/sign-in');

    expect(useAuthStore.getState().isLoading).toBe(true);
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
    expect(screen.getByLabelText('Password')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();

    check.release();
    await waitFor(() => expect(useAuthStore.getState().isLoading).toBe(false));
  });

  it('shows a signed-in page’s shell with placeholders, and nothing private, until the user is loaded', async () => {
    tokenRoute.token = mockDb.createAccount({ email: 'ada@acme.test', name: 'Ada Lovelace', hub: { name: 'Acme', domainHandle: 'acme' } }).token;
    const profile = deferred();
    server.use(http.get('*/api/v1/auth/me/', async () => { await profile.promise; }));
    renderPage(PrivatePage, '/spaces/archived');

    // The frame: header with the wordmark, the content area's placeholder.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Convene home' })).toBeInTheDocument();
    expect(document.getElementById('main')).toContainElement(screen.getByRole('status', { name: 'Loading' }));
    // Nothing of the person, their hub or the page.
    await waitFor(() => expect(useAuthStore.getState().restoring).toBe(true));
    expect(screen.queryByText(/Private notes/)).not.toBeInTheDocument();
    expect(screen.queryByText('Acme')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Account menu/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    profile.release();
    // The whole shell renders at this point, which can take a while when the suite shares the machine.
    expect(await screen.findByText('Private notes of ada@acme.test', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Account menu/ })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('keeps the server’s shell on screen when the session is known before the lazily loaded shell’s code', async () => {
    tokenRoute.token = mockDb.createAccount({ email: 'ada@acme.test', hub: { name: 'Acme', domainHandle: 'acme' } }).token;
    const check = deferred();
    server.use(http.get('*/api/token/', async () => { await check.promise; }));
    const code = deferred();
    const Shell = ({ children }: { children: ReactNode }) => <div data-testid="shell">{children}</div>;
    const LazyShell = lazy(async () => {
      await code.promise;
      return { default: Shell };
    });
    // As withLazyAppLayout: the server renders the shell itself, the browser loads its code.
    const page = (layout: (page: ReactElement) => ReactNode) => (
      <AuthGuard access="user" layout={layout}>
        <p>Private page</p>
      </AuthGuard>
    );
    resetRouter('/');
    const container = document.createElement('div');
    container.innerHTML = renderToString(page((p) => <Suspense fallback={<p>Shell code loading</p>}><Shell>{p}</Shell></Suspense>));
    document.body.append(container);
    expect(screen.getByTestId('shell')).toContainElement(screen.getByRole('status', { name: 'Loading' }));

    const root = await act(async () => hydrateRoot(container, page((p) => <Suspense fallback={<p>Shell code loading</p>}><LazyShell>{p}</LazyShell></Suspense>)));
    check.release();
    await waitFor(() => expect(useAuthStore.getState().isLoading).toBe(false));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Shell code loading')).not.toBeInTheDocument();
    expect(screen.getByTestId('shell')).toContainElement(screen.getByRole('status', { name: 'Loading' }));

    code.release();
    expect(await screen.findByText('Private page')).toBeInTheDocument();
    expect(screen.queryByText('Shell code loading')).not.toBeInTheDocument();
    act(() => root.unmount());
    container.remove();
  });
});

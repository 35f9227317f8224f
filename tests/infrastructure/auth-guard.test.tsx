import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AuthGuard } from '@/components/layout/AuthGuard';
import { setAuthToken, setHubHandle } from '@/client/http/clients';
import { getVisitorId } from '@/client/fingerprint';
import type { PageAccess } from '@/lib/page';
import { mockDb, server, tokenRoute } from '@/mocks/node';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from './msw';
import { deferred } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';

setupMockServer();

beforeEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
  setAuthToken(null);
  setHubHandle(null);
  // The browser gives a fingerprint: start-up has nothing to report about it.
  vi.mocked(getVisitorId).mockResolvedValue('visitor-1');
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

/** Renders a guarded page at `path`; returns the router to inspect redirects. */
function renderGuarded(access: PageAccess, path: string) {
  resetRouter(path);
  render(
    <AuthGuard access={access}>
      <p>page content</p>
    </AuthGuard>,
  );
  return mockRouter;
}

describe('AuthGuard', () => {
  it('shows a placeholder, not a blank page or the page, while the session is restored', async () => {
    renderGuarded('user', '/');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    await waitFor(() => expect(useAuthStore.getState().isLoading).toBe(false));
  });

  it('sends a signed-out visitor from a user page to sign-in with next', async () => {
    const router = renderGuarded('user', '/create-hub');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/sign-in?next=%2Fcreate-hub'));
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
  });

  it('lets a signed-out visitor use a guest page at once, while the session check still runs', async () => {
    const check = deferred();
    server.use(http.get('*/api/token/', async () => { await check.promise; }));
    resetRouter('/sign-in');
    render(
      <AuthGuard access="guest">
        <input aria-label="Email" />
      </AuthGuard>,
    );
    expect(useAuthStore.getState().isLoading).toBe(true);
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
    check.release();
    await waitFor(() => expect(useAuthStore.getState().isLoading).toBe(false));
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
  });

  it('disables a guest page while a stored session is restored, then sends the user on', async () => {
    tokenRoute.token = mockDb.createAccount({ email: 'done@acme.test', hub: { name: 'Acme', domainHandle: 'acme' } }).token;
    const profile = deferred();
    server.use(http.get('*/api/v1/auth/me/', async () => { await profile.promise; }));
    resetRouter('/sign-in');
    render(
      <AuthGuard access="guest">
        <input aria-label="Email" />
      </AuthGuard>,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled());
    profile.release();
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  });

  it('shows a guest page to a signed-out visitor', async () => {
    const router = renderGuarded('guest', '/sign-in');
    expect(await screen.findByText('page content')).toBeInTheDocument();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('restores a stored session and shows the user page', async () => {
    tokenRoute.token = mockDb.createAccount({ email: 'done@acme.test', hub: { name: 'Acme', domainHandle: 'acme' } }).token;
    const router = renderGuarded('user', '/');
    expect(await screen.findByText('page content')).toBeInTheDocument();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('sends a signed-in user on by current_step', async () => {
    tokenRoute.token = mockDb.createAccount({ email: 'fresh@acme.test' }).token;
    const router = renderGuarded('user', '/');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/basic-profile'));
  });

  it('sends a signed-in user away from guest pages', async () => {
    tokenRoute.token = mockDb.createAccount({ email: 'done@acme.test', hub: { name: 'Acme', domainHandle: 'acme' } }).token;
    const router = renderGuarded('guest', '/sign-up');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
  });

  it('sends a user who signs out on a user page to plain sign-in', async () => {
    tokenRoute.token = mockDb.createAccount({ email: 'done@acme.test', hub: { name: 'Acme', domainHandle: 'acme' } }).token;
    const router = renderGuarded('user', '/basic-profile');
    await screen.findByText('page content');
    await useAuthStore.getState().logout();
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/sign-in'));
  });

  it('keeps a user page in place and says it is offline while the server cannot be reached, then shows it', async () => {
    tokenRoute.token = mockDb.createAccount({ email: 'done@acme.test', hub: { name: 'Acme', domainHandle: 'acme' } }).token;
    server.use(http.get('*/api/token/', () => HttpResponse.error()));
    const router = renderGuarded('user', '/spaces/s-1');
    expect(await screen.findByText('You’re offline — retrying…')).toBeInTheDocument();
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    expect(router.replace).not.toHaveBeenCalled();

    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText('page content')).toBeInTheDocument();
    expect(screen.queryByText('You’re offline — retrying…')).not.toBeInTheDocument();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('shows public pages at once', () => {
    renderGuarded('public', '/404');
    expect(screen.getByText('page content')).toBeInTheDocument();
  });
});

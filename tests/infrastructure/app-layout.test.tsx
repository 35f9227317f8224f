import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { AppLayout } from '@/components/layout/AppLayout';
import { apiClient, setAuthToken, setHubHandle } from '@/client/http/clients';
import { mockDb, tokenRoute } from '@/mocks/node';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from './msw';
import { mockRouter, resetRouter } from '@/tests/router';

setupMockServer();

beforeEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
  setAuthToken(null);
  setHubHandle(null);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

async function signedInWithTwoHubs() {
  const { token, user } = mockDb.createAccount({
    email: 'ada@acme.test',
    name: 'Ada Lovelace',
    hub: { name: 'Acme', domainHandle: 'acme' },
  });
  const createdAt = new Date().toISOString();
  mockDb.data.organizations.push({
    id: 'hub-beta', name: 'Beta Labs', domainHandle: 'beta', description: null, visibility: 'shared',
    colour: '#796CFF', emailDomain: null, createdAt,
  });
  mockDb.data.memberships.push({ hubId: 'hub-beta', userId: user.id, role: 'editor', createdAt });
  await useAuthStore.getState().login(token);
}

function renderLayout() {
  resetRouter('/');
  render(
    <App>
      <AppLayout>
        <h1>Hub home</h1>
      </AppLayout>
    </App>,
  );
  return mockRouter;
}

describe('AppLayout', () => {
  it('shows the page, the active hub, the Home link and the account button', async () => {
    await signedInWithTwoHubs();
    renderLayout();
    expect(screen.getByRole('heading', { name: 'Hub home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Acme/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Home/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: /^Account menu/ })).toBeInTheDocument();
  });

  it('signs out from the account menu and goes to sign-in', async () => {
    await signedInWithTwoHubs();
    const router = renderLayout();
    await userEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
    const signOut = await screen.findByRole('menuitem', { name: /Sign out/ });
    const menu = signOut.closest('ul');
    expect(menu).not.toBeNull();
    expect(within(menu as HTMLElement).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu as HTMLElement).getByText('ada@acme.test')).toBeInTheDocument();
    await userEvent.click(signOut);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/sign-in'));
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(tokenRoute.token).toBeNull();
  });

  it('switches to another hub, scopes requests to it and goes home', async () => {
    await signedInWithTwoHubs();
    const router = renderLayout();
    await userEvent.click(screen.getByRole('button', { name: /Acme/ }));
    await userEvent.click(await screen.findByText('Beta Labs'));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/'));
    expect(useAuthStore.getState().user?.active_organization?.domain_handle).toBe('beta');
    expect(apiClient.defaults.headers.common['Org-Handle']).toBe('beta');
    expect(screen.getByRole('button', { name: /Beta Labs/ })).toBeInTheDocument();
  });

  it('offers creating or joining another hub', async () => {
    await signedInWithTwoHubs();
    const router = renderLayout();
    await userEvent.click(screen.getByRole('button', { name: /Acme/ }));
    await userEvent.click(await screen.findByText('Create a hub'));
    expect(router.push).toHaveBeenCalledWith('/create-hub');
  });
});

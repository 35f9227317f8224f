import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockDb, server } from '@/mocks/node';
import { MOCK_DEMO_ACCOUNT, MOCK_DEMO_HUB } from '@/mocks/state';
import JoinHubPage from '@/pages/join-hub';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, renderWithApp, resetAuthAfterEach, signInAs } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());
beforeEach(() => resetRouter('/join-hub'));

/** A shared hub owned by the demo user, with a pending invitation for `email`. */
function inviteTo(email: string) {
  const owner = mockDb.userByEmail(MOCK_DEMO_ACCOUNT.email);
  mockDb.createAccount({ email: 'founder@labs.dev', hub: { name: 'Night Labs', domainHandle: 'night-labs' } });
  const hub = mockDb.hubByHandle('night-labs');
  if (!hub || !owner) throw new Error('mock seed changed');
  hub.description = 'Research after hours.';
  mockDb.data.invitations.push({ hubId: hub.id, email, role: 'editor', invitedBy: owner.id });
}

const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('article') as HTMLElement;

describe('join-hub page', () => {
  it('lists the hub open to the user’s email domain', async () => {
    await signInAs({ email: 'sam@example.com', name: 'Sam', profile: true });
    renderWithApp(<JoinHubPage />);
    const heading = await screen.findByRole('heading', { name: MOCK_DEMO_HUB.name });
    const card = heading.closest('article') as HTMLElement;
    expect(within(card).getByText('The demo hub of mock mode.')).toBeInTheDocument();
    expect(within(card).getByText(/1 member$/)).toBeInTheDocument();
    expect(within(card).getByText('Open to everyone at example.com')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: `Join ${MOCK_DEMO_HUB.name}` })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Create a new hub' })).toHaveAttribute('href', '/create-hub');
  });

  it('lists invitations with who invited the user and as what', async () => {
    inviteTo('sam@example.com');
    await signInAs({ email: 'sam@example.com', name: 'Sam', profile: true });
    renderWithApp(<JoinHubPage />);
    await screen.findByRole('heading', { name: 'Night Labs' });
    expect(within(cardOf('Night Labs')).getByText(`Invited by ${MOCK_DEMO_ACCOUNT.name} as editor`)).toBeInTheDocument();
    expect(within(cardOf('Night Labs')).getByText('Research after hours.')).toBeInTheDocument();
    // Invitations come first, then domain-matched hubs.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Night Labs', MOCK_DEMO_HUB.name]);
  });

  it('joins the hub, reloads the user and opens the hub home', async () => {
    inviteTo('sam@example.com');
    await signInAs({ email: 'sam@example.com', name: 'Sam', profile: true });
    const paths: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') paths.push(new URL(request.url).pathname);
    });
    const { user } = renderWithApp(<JoinHubPage />);
    await user.click(await screen.findByRole('button', { name: 'Join Night Labs' }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(paths).toEqual(['/api/v1/organizations/night-labs/join/']);
    expect(useAuthStore.getState().user).toMatchObject({
      current_step: 'completed',
      active_organization: { name: 'Night Labs', role: 'editor' },
    });
  });

  it('disables every join button while one join is running', async () => {
    inviteTo('sam@example.com');
    await signInAs({ email: 'sam@example.com', name: 'Sam', profile: true });
    const gate = deferred();
    let requests = 0;
    server.use(
      http.post('*/api/v1/organizations/:handle/join/', async () => {
        requests += 1;
        await gate.promise;
        return HttpResponse.json({ message: 'That hub was not found.', code: 'not_found' }, { status: 404 });
      }),
    );
    const { user } = renderWithApp(<JoinHubPage />);
    await user.click(await screen.findByRole('button', { name: 'Join Night Labs' }));
    await waitFor(() => expect(within(cardOf('Night Labs')).getByRole('button')).toBeDisabled());
    expect(within(cardOf(MOCK_DEMO_HUB.name)).getByRole('button')).toBeDisabled();
    await user.click(within(cardOf(MOCK_DEMO_HUB.name)).getByRole('button'));
    gate.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('That hub was not found.');
    expect(requests).toBe(1);
    expect(mockRouter.replace).not.toHaveBeenCalled();
    expect(within(cardOf(MOCK_DEMO_HUB.name)).getByRole('button')).toBeEnabled();
  });

  it('says so when there is nothing to join', async () => {
    await signInAs({ email: 'solo@nowhere.dev', name: 'Solo', profile: true });
    renderWithApp(<JoinHubPage />);
    expect(await screen.findByText(/No hubs are waiting for you right now/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Join / })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a new hub' })).toHaveAttribute('href', '/create-hub');
  });

  it('shows a failed load and loads again on request', async () => {
    await signInAs({ email: 'sam@example.com', name: 'Sam', profile: true });
    server.use(http.get('*/api/v1/organizations/joinable/', () => HttpResponse.error(), { once: true }));
    const { user } = renderWithApp(<JoinHubPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the hubs you can join. Network Error');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: MOCK_DEMO_HUB.name })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

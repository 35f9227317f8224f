import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockDb } from '@/mocks/node';
import { MOCK_DEMO_ACCOUNT, MOCK_DEMO_HUB } from '@/mocks/state';
import JoinHubPage from '@/pages/join-hub';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { renderWithApp, resetAuthAfterEach, signInAs } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { demoHub, seedSpace } from '@/tests/components/spaces/fixtures';

vi.mock('next/router', () => import('@/tests/router'));

setupMockServer();
resetAuthAfterEach();

/** An invitation of the demo hub for `email`, with the link token the email would carry. */
function invite(email: string, role: 'editor' | 'viewer' = 'editor') {
  const { hub, owner } = demoHub();
  const invitation = mockDb.invitationMeta({ hubId: hub.id, email, role, invitedBy: owner.id });
  mockDb.data.invitations.push(invitation);
  return invitation.token;
}

function open(query: Record<string, string>) {
  const search = new URLSearchParams(query).toString();
  resetRouter('/join-hub', query);
  mockRouter.asPath = `/join-hub?${search}`;
  return renderWithApp(<JoinHubPage />);
}

/** The app's guard restores the session before pages show; signed-out tests only need it finished. */
const signedOut = () => useAuthStore.setState({ isLoading: false });

const nextFor = (token: string) => `?next=${encodeURIComponent(`/join-hub?invitation=${token}`)}`;

describe('invitation link', () => {
  beforeEach(() => resetRouter('/join-hub'));

  it('shows a signed-out visitor the hub, the address masked, and the ways to sign up or in and come back', async () => {
    const token = invite('new.person@example.com');
    signedOut();
    open({ invitation: token });
    expect(await screen.findByRole('heading', { level: 1, name: `Join ${MOCK_DEMO_HUB.name} on Convene` })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`${MOCK_DEMO_ACCOUNT.name} invited n•••@example.com to join as editor`))).toBeInTheDocument();
    expect(screen.queryByText(/new\.person@example\.com/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account to accept' })).toHaveAttribute('href', `/sign-up${nextFor(token)}`);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/sign-in${nextFor(token)}`);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it('offers the same two ways whether or not the invited address has an account', async () => {
    mockDb.createAccount({ email: 'kai@example.com', name: 'Kai', profile: true });
    const token = invite('kai@example.com');
    signedOut();
    open({ invitation: token });
    expect(await screen.findByRole('link', { name: 'Create an account to accept' })).toHaveAttribute('href', `/sign-up${nextFor(token)}`);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/sign-in${nextFor(token)}`);
  });

  it('explains a link that was used, cancelled, expired or never existed', async () => {
    signedOut();
    open({ invitation: 'invite-made-up' });
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used' })).toBeInTheDocument();
    expect(screen.getByText(/It may have expired, been used or been cancelled/)).toBeInTheDocument();
  });

  it('accepts for the invited user and opens the hub', async () => {
    const token = invite('kai@example.com', 'viewer');
    const kai = await signInAs({ email: 'kai@example.com', name: 'Kai', profile: true });
    const { user } = open({ invitation: token });
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(mockDb.membership(kai.id, demoHub().hub.id)?.role).toBe('viewer');
    expect(useAuthStore.getState().user?.active_organization?.name).toBe(MOCK_DEMO_HUB.name);
  });

  it('tells someone signed in with another address to switch accounts', async () => {
    const token = invite('kai@example.com');
    await signInAs({ email: 'someone.else@example.com', name: 'Else', profile: true });
    const { user } = open({ invitation: token });
    expect(
      await screen.findByText('This invitation is for k•••@example.com, and you are signed in as someone.else@example.com.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in as k•••@example.com' }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith(`/sign-in${nextFor(token)}`));
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});

describe('space invitation link', () => {
  beforeEach(() => resetRouter('/join-hub'));

  /** An invitation into a new shared space of the demo hub; its link token and the space. */
  function inviteToSpace(email: string) {
    const { hub, owner } = demoHub();
    const space = seedSpace({ name: 'Launch plans', visibility: 'shared' });
    const invitation = mockDb.invitationMeta({ hubId: hub.id, spaceId: space.id, email, role: 'editor', invitedBy: owner.id });
    mockDb.data.invitations.push(invitation);
    return { token: invitation.token, space };
  }

  it('names the space and its hub', async () => {
    const { token } = inviteToSpace('new.person@example.com');
    signedOut();
    open({ invitation: token });
    expect(await screen.findByRole('heading', { level: 1, name: `Join Launch plans in ${MOCK_DEMO_HUB.name}` })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`invited n•••@example.com to join the space as editor`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account to accept' })).toHaveAttribute('href', `/sign-up${nextFor(token)}`);
  });

  it('accepts: joins the hub as a viewer and the space with the invited role, and opens the space', async () => {
    const { token, space } = inviteToSpace('kai@example.com');
    const kai = await signInAs({ email: 'kai@example.com', name: 'Kai', profile: true });
    const { user } = open({ invitation: token });
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith(`/spaces/${space.id}`));
    expect(mockDb.membership(kai.id, demoHub().hub.id)?.role).toBe('viewer');
    expect(mockDb.data.spaceMemberships.find((m) => m.spaceId === space.id && m.userId === kai.id)?.role).toBe('editor');
    expect(useAuthStore.getState().user?.active_organization?.name).toBe(MOCK_DEMO_HUB.name);
  });
});

describe('hub join link', () => {
  it('joins a public hub in one click', async () => {
    const sam = await signInAs({ email: 'sam@elsewhere.dev', name: 'Sam', profile: true });
    const { user } = open({ hub: MOCK_DEMO_HUB.domainHandle });
    expect(await screen.findByRole('heading', { level: 1, name: `Join ${MOCK_DEMO_HUB.name} on Convene` })).toBeInTheDocument();
    expect(screen.getByText(/anyone with the link can join as a viewer/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Join ${MOCK_DEMO_HUB.name}` }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(mockDb.membership(sam.id, demoHub().hub.id)?.role).toBe('viewer');
  });

  it('opens the hub for someone already in it', async () => {
    await signInAs({ email: 'sam@elsewhere.dev', name: 'Sam', hub: { name: 'Sam Co', domainHandle: 'sam-co' } });
    mockDb.data.memberships.push({
      hubId: demoHub().hub.id, userId: mockDb.userByEmail('sam@elsewhere.dev')?.id ?? '', role: 'viewer', createdAt: mockDb.now(),
    });
    const { user } = open({ hub: MOCK_DEMO_HUB.domainHandle });
    await user.click(await screen.findByRole('button', { name: `Open ${MOCK_DEMO_HUB.name}` }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(useAuthStore.getState().user?.active_organization?.domain_handle).toBe(MOCK_DEMO_HUB.domainHandle);
  });

  // Shared hubs answer 404 to their link (the API's rule: server/routes/organizations/members.test.ts); so does an unknown one.
  it('says a link to a hub that answers 404 does not work', async () => {
    await signInAs({ email: 'sam@elsewhere.dev', name: 'Sam', profile: true });
    open({ hub: 'night-labs' });
    expect(await screen.findByRole('heading', { name: 'This join link does not work' })).toBeInTheDocument();
  });

  it('sends someone who signs out on the page to plain sign-in', async () => {
    await signInAs({ email: 'sam@elsewhere.dev', name: 'Sam', profile: true });
    open({ hub: MOCK_DEMO_HUB.domainHandle });
    await screen.findByRole('button', { name: `Join ${MOCK_DEMO_HUB.name}` });
    await act(() => useAuthStore.getState().logout());
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/sign-in'));
    expect(mockRouter.replace).toHaveBeenCalledTimes(1);
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    signedOut();
    open({ hub: MOCK_DEMO_HUB.domainHandle });
    await waitFor(() =>
      expect(mockRouter.replace).toHaveBeenCalledWith(
        `/sign-in?next=${encodeURIComponent(`/join-hub?hub=${MOCK_DEMO_HUB.domainHandle}`)}`,
      ),
    );
  });
});

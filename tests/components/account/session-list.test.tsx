import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SessionList } from '@/components/account/SessionList';
import { addMockSession } from '@/mocks/account-state';
import { mockDb, server } from '@/mocks/node';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { renderStill } from '@/tests/components/spaces/fixtures';

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/account/security'));

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

/** Signs a new person in from Chrome on a Mac, with a Firefox and an iPhone session elsewhere. */
async function signedInWithOthers() {
  const { user, token } = mockDb.createAccount({ email: 'sam@example.com', name: 'Sam Sessions', profile: true });
  // The account's own first token is of no browser this test describes.
  delete mockDb.data.sessions[token];
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
  const mine = addMockSession(mockDb, user.id, { userAgent: CHROME_MAC, ip: '192.0.2.10', visitorId: 'abcdef0123456789', lastSeenAt: minutesAgo(0) });
  const firefox = addMockSession(mockDb, user.id, { userAgent: FIREFOX_WINDOWS, ip: '198.51.100.7', lastSeenAt: minutesAgo(5) });
  const iphone = addMockSession(mockDb, user.id, { userAgent: SAFARI_IPHONE, ip: '203.0.113.24', lastSeenAt: minutesAgo(3 * 60) });
  await useAuthStore.getState().login(mine);
  return { user, mine, firefox, iphone };
}

const list = () => screen.findByRole('list', { name: 'Sessions' });
const rowNames = () => within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem').map((row) => row.getAttribute('aria-label'));

describe('where you are signed in', () => {
  it('lists each browser with its address and activity, this one marked and not offered for sign-out', async () => {
    await signedInWithOthers();
    renderStill(<SessionList />);
    await list();
    expect(rowNames()).toEqual(['Chrome 156 on macOS', 'Firefox 128 on Windows 10', 'Safari 17 on iOS 17']);
    const mine = screen.getByRole('listitem', { name: 'Chrome 156 on macOS' });
    expect(within(mine).getByText('This device')).toBeInTheDocument();
    expect(within(mine).getByText(/192\.0\.2\.10 · Signed in just now · Active now · Browser ID abcdef01/)).toBeInTheDocument();
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    const firefox = screen.getByRole('listitem', { name: 'Firefox 128 on Windows 10' });
    expect(within(firefox).getByText(/198\.51\.100\.7 · .*Last active 5 min ago/)).toBeInTheDocument();
    expect(within(firefox).queryByText('This device')).not.toBeInTheDocument();
    expect(within(firefox).getByRole('button', { name: 'Sign out Firefox 128 on Windows 10' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeEnabled();
  });

  it('signs out one other session after a confirmation', async () => {
    const { firefox, mine } = await signedInWithOthers();
    const { user } = renderStill(<SessionList />);
    await list();
    await user.click(screen.getByRole('button', { name: 'Sign out Firefox 128 on Windows 10' }));
    expect(await screen.findByText('Sign out Firefox 128 on Windows 10?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(rowNames()).toEqual(['Chrome 156 on macOS', 'Safari 17 on iOS 17']));
    expect(await screen.findByText('Firefox 128 on Windows 10 was signed out.')).toBeInTheDocument();
    expect(mockDb.data.sessions[firefox]).toBeUndefined();
    expect(mockDb.data.sessions[mine]).toBeDefined();
  });

  it('signs out all other sessions, keeping this one', async () => {
    const { firefox, iphone, mine } = await signedInWithOthers();
    const { user } = renderStill(<SessionList />);
    await list();
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out others' }));
    await waitFor(() => expect(rowNames()).toEqual(['Chrome 156 on macOS']));
    expect(await screen.findByText('2 other sessions were signed out.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
    expect([firefox, iphone, mine].map((token) => Boolean(mockDb.data.sessions[token]))).toEqual([false, false, true]);
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('says why a sign-out failed next to the session and lets the person try again', async () => {
    await signedInWithOthers();
    server.use(http.delete('*/api/v1/auth/sessions/:id/', () =>
      HttpResponse.json({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' }, { status: 500 })));
    const { user } = renderStill(<SessionList />);
    await list();
    const firefox = screen.getByRole('listitem', { name: 'Firefox 128 on Windows 10' });
    await user.click(within(firefox).getByRole('button', { name: 'Sign out Firefox 128 on Windows 10' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await within(firefox).findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(within(firefox).getByRole('button', { name: 'Sign out Firefox 128 on Windows 10' })).toBeEnabled();
    expect(rowNames()).toHaveLength(3);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    await signedInWithOthers();
    server.use(http.get('*/api/v1/auth/sessions/', () => HttpResponse.error(), { once: true }));
    const { user } = renderStill(<SessionList />);
    expect(await screen.findByText(/We could not load where you are signed in\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await list();
    expect(rowNames()).toHaveLength(3);
  });
});

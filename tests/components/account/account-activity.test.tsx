import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountActivity } from '@/components/account/AccountActivity';
import { addMockAuditEvent } from '@/mocks/account-state';
import { mockDb, server } from '@/mocks/node';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach, signInAs } from '@/tests/render';
import { renderStill } from '@/tests/components/spaces/fixtures';

setupMockServer();
resetAuthAfterEach();

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const items = () => within(screen.getByRole('list', { name: 'Account activity' })).getAllByRole('listitem');

describe('recent account activity', () => {
  it('shows my own account events, newest first, with when and from where', async () => {
    const me = await signInAs({ email: 'ada@example.com', name: 'Ada Admin', profile: true });
    const other = mockDb.createAccount({ email: 'ben@example.com', name: 'Ben Other', profile: true }).user;
    addMockAuditEvent(mockDb, {
      type: 'sign_in', actorId: me.id, subjectId: me.id, data: { method: 'password' }, ip: '198.51.100.7', userAgent: FIREFOX_WINDOWS,
      createdAt: minutesAgo(30),
    });
    addMockAuditEvent(mockDb, { type: 'sign_in_failed', subjectId: me.id, ip: '203.0.113.9', createdAt: minutesAgo(5) });
    addMockAuditEvent(mockDb, { type: 'sign_in', actorId: other.id, subjectId: other.id, data: { method: 'google' }, createdAt: minutesAgo(1) });

    renderStill(<AccountActivity />);
    await screen.findByRole('list', { name: 'Account activity' });
    expect(items().map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'A sign-in to Ada Admin’s account failed',
      'Ada Admin signed in with a password',
    ]);
    expect(items()[1]).toHaveTextContent('30 min ago · 198.51.100.7 · Firefox 128 on Windows 10');
    expect(screen.queryByText(/Ben Other/)).not.toBeInTheDocument();
  });

  it('says so when nothing has happened yet', async () => {
    await signInAs({ email: 'new@example.com', profile: true });
    renderStill(<AccountActivity />);
    expect(await screen.findByText('Nothing has happened on your account yet.')).toBeInTheDocument();
  });

  it('loads ten at a time', async () => {
    const me = await signInAs({ email: 'busy@example.com', name: 'Busy Bee', profile: true });
    for (let i = 0; i < 12; i++) {
      addMockAuditEvent(mockDb, { type: 'sign_in', actorId: me.id, subjectId: me.id, data: { method: 'password' }, createdAt: minutesAgo(100 - i) });
    }
    const { user } = renderStill(<AccountActivity />);
    await screen.findByRole('list', { name: 'Account activity' });
    expect(items()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offers a retry when the activity cannot be loaded', async () => {
    await signInAs({ email: 'flaky@example.com', profile: true });
    server.use(http.get('*/api/v1/auth/activity/', () => HttpResponse.error(), { once: true }));
    const { user } = renderStill(<AccountActivity />);
    expect(await screen.findByText(/We could not load your account activity\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing has happened on your account yet.')).toBeInTheDocument();
  });
});

import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuditLog } from '@/components/audit/AuditLog';
import type { MyHub } from '@/lib/contract/hubs';
import { accountData, addMockAuditEvent } from '@/mocks/account-state';
import { mockDb, server } from '@/mocks/node';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { addHubMember, demoHub, renderStill, signInOwner, signInUser } from '@/tests/components/spaces/fixtures';
import HubSettingsPage from '@/pages/hub/settings';
import { resetRouter } from '@/tests/router';

setupMockServer();
resetAuthAfterEach();

/** The audit API requests the log made, as URLs. */
const requests: URL[] = [];
beforeEach(() => {
  resetRouter('/hub/settings');
  requests.length = 0;
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes('/audit/')) requests.push(new URL(request.url));
  });
});
afterEach(() => server.events.removeAllListeners());

const at = (iso: string) => new Date(iso).toISOString();

/** The demo hub's owner, signed in, with a history: Vic's role change, a space and a failed sign-in of Vic. */
async function ownerWithHistory() {
  const { hub, owner } = demoHub();
  const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
  // Only the events of this test: the demo seed's history is left out.
  accountData(mockDb).events.length = 0;
  addMockAuditEvent(mockDb, {
    type: 'space_created', hubId: hub.id, actorId: owner.id, ip: '198.51.100.7', createdAt: at('2030-01-01T10:00:00Z'),
    data: { target: { kind: 'space', id: 'space-1', name: 'Roadmap' }, visibility: 'public' },
  });
  addMockAuditEvent(mockDb, {
    type: 'member_role_changed', hubId: hub.id, actorId: owner.id, subjectId: vic.id, ip: '198.51.100.7',
    createdAt: at('2030-01-02T10:00:00Z'), data: { target: { kind: 'member', id: vic.id, name: 'Vic Viewer' }, from: 'viewer', to: 'editor' },
  });
  addMockAuditEvent(mockDb, { type: 'sign_in_failed', subjectId: vic.id, ip: '203.0.113.9', createdAt: at('2030-01-03T10:00:00Z') });
  await signInOwner();
  const active = useAuthStore.getState().user?.active_organization as MyHub;
  return { hub: active, owner, vic };
}

const rows = () => screen.getAllByRole('row').slice(1);
const sentences = () => rows().map((row) => row.querySelectorAll('td')[1]?.querySelector('span')?.textContent);

describe('the audit log', () => {
  it('shows the newest events first as sentences, with their time and address', async () => {
    const { hub } = await ownerWithHistory();
    renderStill(<AuditLog hub={hub} />);
    expect(await screen.findByText('3 events')).toBeInTheDocument();
    expect(sentences()).toEqual([
      'A sign-in to Vic Viewer’s account failed',
      'Dana Demo changed Vic Viewer’s role from Viewer to Editor',
      'Dana Demo created the space “Roadmap”',
    ]);
    expect(rows()[1]).toHaveTextContent('Member role changed');
    expect(rows()[1]).toHaveTextContent('198.51.100.7');
    expect(rows()[0]).toHaveTextContent('203.0.113.9');
  });

  it('filters by event type and by person', async () => {
    const { hub } = await ownerWithHistory();
    const { user } = renderStill(<AuditLog hub={hub} />);
    await screen.findByText('3 events');

    await user.type(screen.getByRole('combobox', { name: 'Event type' }), 'role changed');
    await user.click(await screen.findByTitle('Member role changed'));
    await waitFor(() => expect(sentences()).toEqual(['Dana Demo changed Vic Viewer’s role from Viewer to Editor']));
    expect(requests.at(-1)?.searchParams.get('type')).toBe('member_role_changed');

    await user.type(screen.getByRole('combobox', { name: 'Event type' }), 'sign-in failed');
    await user.click(await screen.findByTitle('Sign-in failed'));
    await waitFor(() => expect(sentences()).toEqual(['A sign-in to Vic Viewer’s account failed']));

    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByTitle('Dana Demo (demo@example.com)'));
    expect(await screen.findByText('No events match these filters')).toBeInTheDocument();
    expect(requests.at(-1)?.searchParams.get('person')).toBe(demoHub().owner.id);
  });

  it('filters by days, the last day included', async () => {
    const { hub } = await ownerWithHistory();
    const { user } = renderStill(<AuditLog hub={hub} />);
    await screen.findByText('3 events');
    await user.click(screen.getByPlaceholderText('Start date'));
    await user.type(screen.getByPlaceholderText('Start date'), '2030-01-02{Enter}');
    await user.type(screen.getByPlaceholderText('End date'), '2030-01-02{Enter}');
    await waitFor(() => expect(sentences()).toEqual(['Dana Demo changed Vic Viewer’s role from Viewer to Editor']));
    const last = requests.at(-1)!;
    // The days are the viewer's own, sent as exact instants: the end is the start of the next day.
    expect(Date.parse(last.searchParams.get('to')!) - Date.parse(last.searchParams.get('from')!)).toBe(24 * 60 * 60 * 1000);
  });

  it('loads ten events at a time', async () => {
    const { hub } = await ownerWithHistory();
    for (let i = 0; i < 10; i++) {
      addMockAuditEvent(mockDb, { type: 'meeting_started', hubId: demoHub().hub.id, actorId: demoHub().owner.id, createdAt: at(`2029-06-${10 + i}T10:00:00Z`) });
    }
    const { user } = renderStill(<AuditLog hub={hub} />);
    await screen.findByText('13 events');
    expect(rows()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(13));
  });

  it('exports the filtered log as a CSV file through the signed-in API client', async () => {
    const { hub } = await ownerWithHistory();
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:audit';
    });
    const revokeObjectURL = vi.fn();
    // A subclass, so the real URL keeps no object URL functions for the files after this one.
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toMatch(new RegExp(`^audit-${hub.domain_handle}-\\d{4}-\\d\\d-\\d\\d\\.csv$`));
      expect(this.href).toBe('blob:audit');
    });
    try {
      const { user } = renderStill(<AuditLog hub={hub} />);
      await screen.findByText('3 events');
      await user.type(screen.getByRole('combobox', { name: 'Event type' }), 'role changed');
      await user.click(await screen.findByTitle('Member role changed'));
      await waitFor(() => expect(sentences()).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: /Export CSV/ }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      const exported = requests.find((url) => url.pathname.endsWith('/audit/export/'));
      expect(exported?.searchParams.get('type')).toBe('member_role_changed');
      const csv = await saved[0]!.text();
      expect(csv).toContain('"time","event","description"');
      expect(csv).toContain('Dana Demo changed Vic Viewer’s role from Viewer to Editor');
      expect(csv).not.toContain('Roadmap');
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:audit');
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('says why an export failed and offers to try again', async () => {
    const { hub } = await ownerWithHistory();
    server.use(http.get('*/api/v1/organizations/:handle/audit/export/', () =>
      HttpResponse.json({ message: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' }, { status: 429 })));
    const { user } = renderStill(<AuditLog hub={hub} />);
    await screen.findByText('3 events');
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not export the log. Too many requests. Please wait a moment and try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeEnabled();
  });

  it('offers a retry when the log cannot be loaded', async () => {
    const { hub } = await ownerWithHistory();
    server.use(http.get('*/api/v1/organizations/:handle/audit/', () => HttpResponse.error(), { once: true }));
    const { user } = renderStill(<AuditLog hub={hub} />);
    expect(await screen.findByText(/We could not load the audit log\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 events')).toBeInTheDocument();
  });
});

describe('the audit log in hub settings', () => {
  it('is there for an owner', async () => {
    await ownerWithHistory();
    resetRouter('/hub/settings', { tab: 'security' });
    renderStill(<HubSettingsPage />);
    const log = await screen.findByRole('region', { name: 'Audit log' });
    expect(await within(log).findByText('3 events')).toBeInTheDocument();
  });

  it('is not there for an editor, who asks nothing of it', async () => {
    await signInUser(addHubMember('eddie@example.com', 'Eddie Editor', 'editor'));
    renderStill(<HubSettingsPage />);
    await screen.findByRole('heading', { level: 1, name: 'Hub settings' });
    await screen.findByRole('region', { name: 'Hub' });
    expect(screen.queryByRole('tab', { name: 'Security' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

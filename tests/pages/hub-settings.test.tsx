import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { foreignEmailDomainMessage } from '@/lib/contract/hubs';
import type { Role } from '@/lib/contract/settings';
import { mockDb, server } from '@/mocks/node';
import { MOCK_DEMO_ACCOUNT, MOCK_DEMO_HUB } from '@/mocks/state';
import HubSettingsPage from '@/pages/hub/settings';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { addHubMember, demoHub, renderStill, seedSpace, signInOwner, signInUser } from '@/tests/components/spaces/fixtures';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());
beforeEach(() => resetRouter('/hub/settings'));

const region = (name: string) => screen.getByRole('region', { name });
const queryRegion = (name: string) => screen.queryByRole('region', { name });

/** Opens the page as `role`, on the tab the address names (General without one). */
async function openAs(role: Role | 'demo-owner', tab?: string) {
  if (tab) resetRouter('/hub/settings', { tab });
  if (role === 'demo-owner') await signInOwner();
  else await signInUser(addHubMember(`${role}@example.com`, `${role[0]?.toUpperCase()}${role.slice(1)} Person`, role));
  const view = renderStill(<HubSettingsPage />);
  await screen.findByRole('heading', { level: 1, name: 'Hub settings' });
  return view;
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('hub settings: who sees what', () => {
  it('shows an owner every tab, and the owner’s sections under General', async () => {
    await openAs('demo-owner');
    expect(tabNames()).toEqual(['General', 'Members', 'Invitations', 'Forms', 'Security', 'Billing']);
    for (const name of ['Hub', 'Ownership', 'Archive hub']) expect(region(name)).toBeInTheDocument();
    expect(within(region('Hub')).getByLabelText('Hub name')).toBeEnabled();
    expect(within(region('Hub')).getByRole('button', { name: 'Save settings' })).toBeEnabled();
  });

  it('keeps the open tab in the address, and opens the tab the address names', async () => {
    const { user } = await openAs('demo-owner');
    await user.click(screen.getByRole('tab', { name: 'Members' }));
    expect(mockRouter.replace).toHaveBeenLastCalledWith({ pathname: '/hub/settings', query: { tab: 'members' } }, undefined, { shallow: true });
    expect(await within(region('Members')).findByText('Dana Demo (you)')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(mockRouter.replace).toHaveBeenLastCalledWith({ pathname: '/hub/settings', query: {} }, undefined, { shallow: true });
  });

  it('shows the join link of a public hub under Invitations', async () => {
    await openAs('demo-owner', 'invitations');
    expect(screen.getByRole('tab', { name: 'Invitations', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Join link' })).toHaveValue(
      `${window.location.origin}/join-hub?hub=${MOCK_DEMO_HUB.domainHandle}`,
    );
  });

  it('shows an editor the owner’s settings as text, lets them change only the visibility, and hides what they cannot use', async () => {
    await openAs('editor');
    expect(tabNames()).toEqual(['General', 'Members', 'Invitations', 'Forms', 'Billing']);
    const hub = region('Hub');
    expect(within(hub).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(hub).queryByRole('radio', { name: 'Teal' })).not.toBeInTheDocument();
    expect(within(hub).getByText('Example Team')).toBeInTheDocument();
    expect(within(hub).getByText('Violet')).toBeInTheDocument();
    expect(within(hub).getByText('@example.com')).toBeInTheDocument();
    expect(within(hub).getByRole('radio', { name: /Shared/ })).toBeEnabled();
    expect(within(hub).getByText(/Only the hub owner can change the name/)).toBeInTheDocument();
    expect(queryRegion('Ownership')).not.toBeInTheDocument();
    expect(queryRegion('Archive hub')).not.toBeInTheDocument();
  });

  it('falls back to General when the address names a tab the person cannot use', async () => {
    await openAs('editor', 'security');
    expect(screen.getByRole('tab', { name: 'General', selected: true })).toBeInTheDocument();
    expect(region('Hub')).toBeInTheDocument();
  });

  it('shows a viewer the settings as text and no admin tabs', async () => {
    await openAs('viewer');
    expect(tabNames()).toEqual(['General', 'Members', 'Forms', 'Billing']);
    const hub = region('Hub');
    expect(within(hub).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(hub).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(hub).queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(within(hub).getByText('Only the hub owner can change these settings.')).toBeInTheDocument();
    for (const name of ['Invitations', 'Ownership', 'Archive hub']) expect(queryRegion(name)).not.toBeInTheDocument();
  });

  it('lets a viewer see the members read-only under Members', async () => {
    await openAs('viewer', 'members');
    const members = region('Members');
    await within(members).findByText('Viewer Person (you)');
    expect(within(members).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(members).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(within(members).getByRole('button', { name: 'Leave hub' })).toBeEnabled();
  });
});

describe('hub settings form', () => {
  it('saves the owner’s changes and updates the hub everywhere', async () => {
    const { user } = await openAs('demo-owner');
    const hub = region('Hub');
    await user.clear(within(hub).getByLabelText('Hub name'));
    await user.type(within(hub).getByLabelText('Hub name'), 'Example Crew');
    await user.click(within(hub).getByRole('radio', { name: 'Teal' }));
    await user.click(within(hub).getByRole('radio', { name: 'Shared' }));
    await user.click(within(hub).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(useAuthStore.getState().user?.active_organization?.name).toBe('Example Crew'));
    expect(demoHub().hub).toMatchObject({ name: 'Example Crew', colour: '#13A8A8', visibility: 'shared' });
  });

  it('shows rule messages and server field errors next to the fields', async () => {
    const { user } = await openAs('demo-owner');
    const hub = region('Hub');
    await user.clear(within(hub).getByLabelText('Hub name'));
    expect(await within(hub).findByText('Please enter Hub name')).toBeInTheDocument();
    await user.type(within(hub).getByLabelText('Hub name'), 'Example Team');
    await user.clear(within(hub).getByLabelText('Email domain'));
    await user.type(within(hub).getByLabelText('Email domain'), 'other.org');
    // Only an owner of an address at a domain may open the hub to it: the API's answer (server/routes/organizations).
    const domainRule = foreignEmailDomainMessage(MOCK_DEMO_ACCOUNT.email, 'other.org');
    if (!domainRule) throw new Error('other.org is not the demo account’s domain');
    server.use(http.patch('*/api/v1/organizations/:handle/', () =>
      HttpResponse.json({ message: domainRule, code: 'validation_error', errors: { email_domain: [domainRule] } }, { status: 400 }), { once: true }));
    await user.click(within(hub).getByRole('button', { name: 'Save settings' }));
    expect(await within(hub).findByText(domainRule)).toBeInTheDocument();
    expect(within(hub).getByLabelText('Email domain')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends only the visibility for an editor, and disables saving while it runs', async () => {
    const { user } = await openAs('editor');
    const gate = deferred();
    const bodies: unknown[] = [];
    server.use(
      http.patch('*/api/v1/organizations/:handle/', async ({ request }) => {
        bodies.push(await request.clone().json());
        await gate.promise;
        return undefined;
      }),
    );
    const hub = region('Hub');
    await user.click(within(hub).getByRole('radio', { name: 'Shared' }));
    await user.click(within(hub).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(within(hub).getByRole('button', { name: /Save settings/ })).toBeDisabled());
    gate.release();
    await waitFor(() => expect(demoHub().hub.visibility).toBe('shared'));
    expect(bodies).toEqual([{ visibility: 'shared' }]);
  });
});

describe('hub usage', () => {
  it('shows members and spaces against the plan', async () => {
    seedSpace({ name: 'Design reviews' });
    await openAs('demo-owner', 'billing');
    const usage = region('Usage');
    expect(await within(usage).findByRole('progressbar', { name: 'Members: 1 of 10' })).toBeInTheDocument();
    expect(within(usage).getByRole('progressbar', { name: 'Spaces: 1 of 5' })).toBeInTheDocument();
    expect(within(usage).getByText('Free')).toBeInTheDocument();
  });
});

describe('hub members', () => {
  it('pages ten at a time and searches by name or email', async () => {
    for (let i = 1; i <= 11; i += 1) addHubMember(`member${i}@example.com`, `Member ${String(i).padStart(2, '0')}`, 'viewer');
    const { user } = await openAs('demo-owner', 'members');
    const members = region('Members');
    await within(members).findByText('12 members');
    expect(within(members).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(members).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(members).getAllByRole('listitem')).toHaveLength(12));
    expect(within(members).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.type(within(members).getByRole('textbox', { name: 'Search members' }), 'member7@');
    await within(members).findByText('1 member', undefined, { timeout: 2000 });
    expect(within(members).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Member 07']);
  });

  it('lets the owner change a role and remove a member', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    const { user } = await openAs('demo-owner', 'members');
    const members = region('Members');
    const row = await within(members).findByRole('listitem', { name: 'Vic Viewer' });
    await user.click(within(row).getByRole('combobox', { name: 'Role of Vic Viewer' }));
    await user.click(await screen.findByTitle('Editor'));
    await waitFor(() => expect(mockDb.membership(vic.id, demoHub().hub.id)?.role).toBe('editor'));

    await user.click(within(members).getByRole('button', { name: 'Remove Vic Viewer' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(members).queryByRole('listitem', { name: 'Vic Viewer' })).not.toBeInTheDocument());
    expect(mockDb.membership(vic.id, demoHub().hub.id)).toBeUndefined();
  });

  // The only owner is told before any confirmation; the API refuses too (server/routes/organizations/members.test.ts).
  it('tells the only owner at once why they cannot leave, and asks nothing', async () => {
    const left = vi.fn();
    server.use(http.post('*/api/v1/organizations/:handle/leave/', () => {
      left();
      return HttpResponse.json({ code: 'last_owner', message: 'refused' }, { status: 422 });
    }));
    const { user } = await openAs('demo-owner', 'members');
    await user.click(within(region('Members')).getByRole('button', { name: 'Leave hub' }));
    expect(await screen.findByText(`You are the only owner of ${demoHub().hub.name} — make someone else owner first.`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(left).not.toHaveBeenCalled();
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('lets a member leave and sends them on', async () => {
    const { user } = await openAs('viewer', 'members');
    await user.click(within(region('Members')).getByRole('button', { name: 'Leave hub' }));
    await user.click(screen.getAllByRole('button', { name: 'Leave hub' }).at(-1) as HTMLElement);
    // Without a hub, a user at the organization step goes to create or join one.
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/join-hub'));
    expect(useAuthStore.getState().user?.active_organization).toBeNull();
  });
});

describe('hub invitations', () => {
  const emailsBox = () => within(region('Invitations')).getByRole('combobox', { name: 'Emails' });

  it('invites several addresses at once and lists them as pending', async () => {
    const { user } = await openAs('demo-owner', 'invitations');
    const invitations = region('Invitations');
    await user.type(emailsBox(), 'ana@acme.io, ben@acme.io,');
    await user.click(within(invitations).getByRole('button', { name: 'Send invitations' }));
    expect(await within(invitations).findByText('ana@acme.io is invited.')).toBeInTheDocument();
    expect(within(invitations).getByText('ben@acme.io is invited.')).toBeInTheDocument();
    const pending = within(invitations).getByRole('region', { name: 'Pending invitations' });
    expect(await within(pending).findByRole('listitem', { name: 'ana@acme.io' })).toBeInTheDocument();
    expect(within(pending).getByRole('listitem', { name: 'ben@acme.io' })).toBeInTheDocument();
    expect(mockDb.data.invitations.map((i) => [i.email, i.role])).toEqual([['ana@acme.io', 'viewer'], ['ben@acme.io', 'viewer']]);
  });

  it('checks the addresses before sending', async () => {
    const { user } = await openAs('demo-owner', 'invitations');
    const invitations = region('Invitations');
    await user.click(within(invitations).getByRole('button', { name: 'Send invitations' }));
    expect(await within(invitations).findByText('Please enter at least one email')).toBeInTheDocument();
    await user.type(emailsBox(), 'not-an-email,');
    await user.click(within(invitations).getByRole('button', { name: 'Send invitations' }));
    // antd may swap the error's element while its list re-renders, so the check is on the text being there, not on one element.
    await waitFor(() => expect(within(invitations).getByText('not-an-email is not a valid email address')).toBeInTheDocument());
    expect(mockDb.data.invitations).toHaveLength(0);
  });

  it('puts the server’s message under the emails and disables sending while it runs', async () => {
    const gate = deferred();
    server.use(
      http.post('*/api/v1/organizations/:handle/invitations/', async () => {
        await gate.promise;
        return HttpResponse.json(
          { message: 'That address cannot be invited.', code: 'validation_error', errors: { emails: ['That address cannot be invited.'] } },
          { status: 400 },
        );
      }),
    );
    const { user } = await openAs('demo-owner', 'invitations');
    const invitations = region('Invitations');
    await user.type(emailsBox(), 'ana@acme.io,');
    await user.click(within(invitations).getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(within(invitations).getByRole('button', { name: /Send invitations/ })).toBeDisabled());
    gate.release();
    expect(await within(invitations).findByText('That address cannot be invited.')).toBeInTheDocument();
    expect(within(invitations).getByRole('button', { name: 'Send invitations' })).toBeEnabled();
    // The addresses stay, to fix and send again.
    expect(within(invitations).getByText('ana@acme.io')).toBeInTheDocument();
  });

  it('offers the owner role to owners only', async () => {
    const { user } = await openAs('editor', 'invitations');
    await user.click(within(region('Invitations')).getByRole('combobox', { name: 'Role' }));
    expect(await screen.findByTitle('Editor')).toBeInTheDocument();
    expect(screen.queryByTitle('Owner')).not.toBeInTheDocument();
  });

  // The resend limit is the API's rule (server/routes/organizations/invitations.test.ts); this is how the page shows it.
  it('resends, and says when to try again once the API refuses', async () => {
    const { hub, owner } = demoHub();
    mockDb.data.invitations.push({ hubId: hub.id, email: 'ana@acme.io', role: 'viewer', invitedBy: owner.id });
    const { user } = await openAs('demo-owner', 'invitations');
    const row = await within(region('Invitations')).findByRole('listitem', { name: 'ana@acme.io' });
    await user.click(within(row).getByRole('button', { name: 'Resend invitation to ana@acme.io' }));
    await waitFor(() => expect(mockDb.data.invitations[0]?.sends).toHaveLength(2));
    const limit = 'This invitation was sent 3 times in the last 10 minutes. Please wait a few minutes before sending it again.';
    server.use(http.post('*/api/v1/organizations/:handle/invitations/:id/resend/', () => HttpResponse.json({ code: 'rate_limited', message: limit }, { status: 429 })));
    const again = await within(region('Invitations')).findByRole('listitem', { name: 'ana@acme.io' });
    await user.click(within(again).getByRole('button', { name: 'Resend invitation to ana@acme.io' }));
    expect(await within(region('Invitations')).findByText(limit)).toBeInTheDocument();
  });

  it('cancels an invitation after a confirmation', async () => {
    const { hub, owner } = demoHub();
    mockDb.data.invitations.push({ hubId: hub.id, email: 'ana@acme.io', role: 'viewer', invitedBy: owner.id });
    const { user } = await openAs('demo-owner', 'invitations');
    const row = await within(region('Invitations')).findByRole('listitem', { name: 'ana@acme.io' });
    await user.click(within(row).getByRole('button', { name: 'Cancel invitation to ana@acme.io' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel invitation' }));
    expect(await within(region('Invitations')).findByText('No invitations are waiting for an answer.')).toBeInTheDocument();
    expect(mockDb.data.invitations).toHaveLength(0);
  });

  // When the API refuses is its rule (server/routes/organizations/invitations.test.ts); this is how the page shows it.
  it('explains the plan limit', async () => {
    const limit = 'This hub\'s Free plan allows 10 members, counting pending invitations; 1 more can be invited. Upgrade to Team on the Billing page.';
    server.use(http.post('*/api/v1/organizations/:handle/invitations/', () => HttpResponse.json({ code: 'plan_limit', message: limit }, { status: 422 })));
    const { user } = await openAs('demo-owner', 'invitations');
    await user.type(emailsBox(), 'a@acme.io, b@acme.io,');
    await user.click(within(region('Invitations')).getByRole('button', { name: 'Send invitations' }));
    expect(await within(region('Invitations')).findByText('This hub’s plan is full')).toBeInTheDocument();
    expect(within(region('Invitations')).getByText(limit)).toBeInTheDocument();
    expect(within(region('Invitations')).getByRole('link', { name: 'Upgrade to Team' })).toHaveAttribute('href', '/hub/billing');
    expect(mockDb.data.invitations).toHaveLength(0);
  });
});

describe('owner actions', () => {
  it('archives only after the handle is typed', async () => {
    const { user } = await openAs('demo-owner');
    await user.click(within(region('Archive hub')).getByRole('button', { name: 'Archive hub' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Archive this hub' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Hub handle'), 'example-tea');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Hub handle'), 'm');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalled());
    expect(mockDb.data.organizations.find((o) => o.domainHandle === MOCK_DEMO_HUB.domainHandle)?.archivedAt).toBeTruthy();
    expect(useAuthStore.getState().user?.active_organization).toBeNull();
  });

  it('transfers ownership after a confirmation; the owner becomes an editor', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    const { user } = await openAs('demo-owner');
    const ownership = region('Ownership');
    await user.click(within(ownership).getByRole('combobox', { name: 'New owner' }));
    await user.click(await screen.findByTitle('Vic Viewer (vic@example.com)'));
    await user.click(within(ownership).getByRole('button', { name: 'Transfer ownership' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Make Vic Viewer the owner of Example Team?');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    await waitFor(() => expect(queryRegion('Ownership')).not.toBeInTheDocument());
    expect(mockDb.membership(vic.id, demoHub().hub.id)?.role).toBe('owner');
    expect(useAuthStore.getState().user?.active_organization?.role).toBe('editor');
  });
});

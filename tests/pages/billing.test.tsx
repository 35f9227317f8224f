import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockDb, server } from '@/mocks/node';
import { overLimits, overLimitsSentence } from '@/lib/plan-change';
import { plans } from '@/lib/plans';
import BillingPage from '@/pages/hub/billing';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { renderWithApp, resetAuthAfterEach, signInAs } from '@/tests/render';
import { resetRouter } from '@/tests/router';

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/hub/billing'));

const hub = { name: 'Acme Research', domainHandle: 'acme-research' };
const acme = () => mockDb.hubByHandle(hub.domainHandle)!;

/** Fills the hub with active spaces, as the API counts them. */
function addSpaces(n: number) {
  for (let i = 0; i < n; i++) {
    mockDb.data.spaces.push({
      id: mockDb.newId(), hubId: acme().id, name: `Space ${i}`, description: null, visibility: 'public',
      createdBy: null, archivedAt: null, createdAt: mockDb.now(), updatedAt: mockDb.now(),
    });
  }
}

describe('billing page, for the hub owner', () => {
  beforeEach(async () => {
    await signInAs({ email: 'lin@acme.io', name: 'Lin Chen', hub });
  });

  it('shows the usage against the plan, storage included, loaded fresh', async () => {
    renderWithApp(<BillingPage />);
    const usage = screen.getByRole('region', { name: 'Usage' });
    expect(await within(usage).findByText('1 of 10')).toBeInTheDocument();
    expect(within(usage).getByText('0 of 5')).toBeInTheDocument();
    expect(within(usage).getByText('0 B of 1 GB')).toBeInTheDocument();
    expect(within(usage).getByRole('progressbar', { name: 'Storage: 0 B of 1 GB' })).toBeInTheDocument();
  });

  it('lists every plan with a plain price and a button to move to it', () => {
    renderWithApp(<BillingPage />);
    const free = screen.getByRole('listitem', { name: 'Free' });
    expect(within(free).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(free).getAllByText('Free')).toHaveLength(2);
    const team = screen.getByRole('listitem', { name: 'Team' });
    expect(within(team).getByText('₹2,499 / month')).toBeInTheDocument();
    expect(within(team).getByRole('button', { name: 'Upgrade to Team' })).toBeEnabled();
    expect(within(screen.getByRole('listitem', { name: 'Business' })).getByText('₹7,999 / month')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Business' })).toHaveTextContent('500 members');
    expect(screen.getByText('Changes apply at once. No payment is taken on this server.')).toBeInTheDocument();
  });

  it('shows what changes before the upgrade, then upgrades and updates the page', async () => {
    const user = userEvent.setup();
    renderWithApp(<BillingPage />);
    await user.click(within(screen.getByRole('listitem', { name: 'Team' })).getByRole('button', { name: 'Upgrade to Team' }));
    const dialog = await screen.findByRole('dialog');
    const changes = await within(dialog).findByRole('table', { name: 'What changes' });
    expect(within(changes).getByRole('row', { name: /Price/ })).toHaveTextContent('Free → ₹2,499 / month');
    expect(within(changes).getByRole('row', { name: /Spaces/ })).toHaveTextContent('5 → 50');
    expect(within(changes).getByRole('row', { name: /Members/ })).toHaveTextContent('10 → 50');
    expect(within(changes).getByRole('row', { name: /Storage/ })).toHaveTextContent('1 GB → 100 GB');
    expect(acme().planCode).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Upgrade to Team' }));
    expect(await screen.findByText('The hub is now on the Team plan.')).toBeInTheDocument();
    expect(acme().planCode).toBe('team');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('listitem', { name: 'Team' })).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(screen.getByRole('listitem', { name: 'Free' })).getByRole('button', { name: 'Switch to Free' })).toBeEnabled();
    expect(within(screen.getByRole('region', { name: 'Usage' })).getByText('0 of 50')).toBeInTheDocument();
    expect(useAuthStore.getState().subscription?.plan.code).toBe('team');
  });

  it('explains a downgrade the usage does not fit, and offers no way to confirm it', async () => {
    acme().planCode = 'team';
    addSpaces(7);
    const user = userEvent.setup();
    renderWithApp(<BillingPage />);
    await user.click(await within(screen.getByRole('listitem', { name: 'Free' })).findByRole('button', { name: 'Switch to Free' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('You have 7 spaces; Free allows 5. Archive 2 spaces first.')).toBeInTheDocument();
    expect(within(dialog).getByText('This hub does not fit the Free plan yet')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Switch to Free' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Back to plans' })).toBeEnabled();
    expect(acme().planCode).toBe('team');
  });

  it('keeps the dialog open with the API’s sentence when it refuses the change, and changes nothing', async () => {
    acme().planCode = 'team';
    // The usage grew past Free between the preview and the confirmation: the API's refusal (its plan-change.test.ts).
    const refusal = overLimitsSentence(overLimits(plans.free, { members: 1, spaces: 6, storage_bytes: 0 }));
    server.use(http.post('*/api/v1/wallet/plan-change/', () => HttpResponse.json({ message: refusal, code: 'plan_limit' }, { status: 422 }), { once: true }));
    const user = userEvent.setup();
    renderWithApp(<BillingPage />);
    await user.click(await within(screen.getByRole('listitem', { name: 'Free' })).findByRole('button', { name: 'Switch to Free' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Switch to Free' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    // The loading icon's leave animation never ends in jsdom, so its label stays in the button's name.
    expect(within(dialog).getByRole('button', { name: /Switch to Free$/ })).toBeEnabled();
    expect(acme().planCode).toBe('team');
  });

  it('says so when the usage cannot be loaded, and loads again on request', async () => {
    server.use(http.get('*/api/v1/wallet/subscription-detail/', () =>
      HttpResponse.json({ message: 'Service unavailable.', code: 'internal_error' }, { status: 503 })));
    renderWithApp(<BillingPage />);
    expect(await screen.findByText(/We could not load this hub’s usage/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('billing page, for other members', () => {
  it('shows the plans read-only and names the owner to ask', async () => {
    mockDb.createAccount({ email: 'lin@acme.io', name: 'Lin Chen', hub });
    const { user, token } = mockDb.createAccount({ email: 'eddie@acme.io', name: 'Eddie Editor', profile: true });
    mockDb.data.memberships.push({ hubId: acme().id, userId: user.id, role: 'editor', createdAt: mockDb.now() });
    user.activeHubId = acme().id;
    await useAuthStore.getState().login(token);

    renderWithApp(<BillingPage />);
    expect(screen.getByText('Ask Lin Chen to change the plan.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Plans' })).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Free' })).getByText('Current plan')).toBeInTheDocument();
  });
});

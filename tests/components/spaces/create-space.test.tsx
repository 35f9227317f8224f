import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpaceList } from '@/components/spaces/SpaceList';
import { mockDb, server } from '@/mocks/node';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { renderStill, signInOwner } from './fixtures';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());
beforeEach(async () => {
  resetRouter('/');
  await signInOwner();
});

async function openModal() {
  const view = renderStill(<SpaceList />);
  await view.user.click(await screen.findByRole('button', { name: 'New space' }));
  // antd's ids are all "test-id" under test, so the dialog's name cannot be resolved: check its title instead.
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getAllByText('New space')).not.toHaveLength(0);
  const submit = () => view.user.click(within(dialog).getByRole('button', { name: /Create space$/ }));
  return { ...view, dialog, submit };
}

describe('new space modal', () => {
  it('offers name, description and the spec’s second visibility list with descriptions', async () => {
    const { dialog } = await openModal();
    expect(within(dialog).getByLabelText('Name')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toBeInTheDocument();
    expect(within(dialog).getByRole('radiogroup', { name: 'Visibility' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['Everyone', 'Shared', 'Private']);
    expect(within(dialog).getByRole('radio', { name: 'Everyone' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Private' })).toHaveAccessibleDescription(
      'Only you and the hub owner can see it.',
    );
  });

  it('shows the shared rule messages next to the fields and sends nothing', async () => {
    let requests = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') requests += 1;
    });
    const { dialog, user, submit } = await openModal();
    await submit();
    expect(await within(dialog).findByText('Please enter Space name')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'A');
    expect(await within(dialog).findByText('Space name must be at least 2 characters')).toBeInTheDocument();
    expect(requests).toBe(0);
  });

  it('creates the space, closes, refreshes the list and opens the new space', { timeout: 15_000 }, async () => {
    const { dialog, user, submit } = await openModal();
    await user.type(within(dialog).getByLabelText('Name'), 'Roadmap');
    await user.type(within(dialog).getByLabelText('Description'), 'What ships next.');
    await user.click(within(dialog).getByRole('radio', { name: 'Private' }));
    await submit();
    expect(await screen.findByRole('article', { name: 'Roadmap' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('article', { name: 'Roadmap' })).getByText('Private')).toBeInTheDocument();
    expect(mockDb.data.spaces).toMatchObject([{ name: 'Roadmap', description: 'What ships next.', visibility: 'private' }]);
    expect(mockRouter.push).toHaveBeenCalledWith(`/spaces/${mockDb.data.spaces[0]!.id}`);
  });

  it('puts a server field error next to its field', async () => {
    server.use(
      http.post('*/api/v1/spaces/', () =>
        HttpResponse.json(
          { message: 'A space with that name already exists.', code: 'conflict', errors: { name: ['A space with that name already exists.'] } },
          { status: 409 },
        ),
      ),
    );
    const { dialog, user, submit } = await openModal();
    await user.type(within(dialog).getByLabelText('Name'), 'Roadmap');
    await submit();
    expect(await within(dialog).findByText('A space with that name already exists.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  // When the API refuses is its rule (server/routes/spaces/create.test.ts); this is how the dialog shows the refusal.
  it('explains a plan limit and takes whoever may change the plan to Billing', async () => {
    const limit = 'This hub has reached the Free plan’s limit of 5 spaces. Upgrade to Team on the Billing page.';
    server.use(http.post('*/api/v1/spaces/', () => HttpResponse.json({ message: limit, code: 'plan_limit' }, { status: 422 }), { once: true }));
    const { dialog, user, submit } = await openModal();
    await user.type(within(dialog).getByLabelText('Name'), 'One too many');
    await submit();
    expect(await within(dialog).findByText('This hub’s plan is full')).toBeInTheDocument();
    expect(within(dialog).getByText(limit)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Upgrade to Team' })).toHaveAttribute('href', '/hub/billing');
    expect(mockDb.data.spaces).toHaveLength(0);
  });

  it('points a member who may not change the plan to the usage instead', async () => {
    useAuthStore.setState((s) => ({ subscription: s.subscription && { ...s.subscription, change: { ...s.subscription.change, allowed: false } } }));
    const limit = 'This hub has reached the Free plan’s limit of 5 spaces. Ask Lin Chen to upgrade the plan.';
    server.use(http.post('*/api/v1/spaces/', () => HttpResponse.json({ message: limit, code: 'plan_limit' }, { status: 422 }), { once: true }));
    const { dialog, user, submit } = await openModal();
    await user.type(within(dialog).getByLabelText('Name'), 'One too many');
    await submit();
    expect(await within(dialog).findByText(limit)).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Upgrade to Team' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See this hub’s usage' })).toHaveAttribute('href', '/hub/settings#usage');
  });

  it('disables the buttons while the space is being created', async () => {
    const gate = deferred();
    let requests = 0;
    server.use(
      http.post('*/api/v1/spaces/', async () => {
        requests += 1;
        await gate.promise;
        return HttpResponse.error();
      }),
    );
    const { dialog, user, submit } = await openModal();
    await user.type(within(dialog).getByLabelText('Name'), 'Roadmap');
    await submit();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Create space$/ })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await submit();
    gate.release();
    expect(await within(dialog).findByText('Network Error')).toBeInTheDocument();
    expect(requests).toBe(1);
    expect(within(dialog).getByRole('button', { name: /Create space$/ })).toBeEnabled();
  });
});

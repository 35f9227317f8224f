import { delay, http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HANDLE_CHECK_DELAY_MS } from '@/components/hubs/useHandleAvailability';
import { server } from '@/mocks/node';
import { MOCK_DEMO_HUB } from '@/mocks/state';
import CreateHubPage from '@/pages/create-hub';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, renderWithApp, resetAuthAfterEach, signInAs } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());
beforeEach(() => resetRouter('/create-hub'));

/** Counts the availability checks and remembers which handles were asked about. */
function watchChecks() {
  const handles: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/organizations/check/')) handles.push(url.searchParams.get('domain_handle') ?? '');
  });
  return handles;
}

const setup = () => {
  const view = renderWithApp(<CreateHubPage />);
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Create hub' }));
  const status = () => screen.getByTestId('handle-status');
  return { ...view, submit, status };
};

describe('create-hub page', () => {
  beforeEach(async () => {
    await signInAs({ email: 'lin@acme.io', name: 'Lin Chen', profile: true });
  });

  it('shows the labelled fields, the visibility choices and the company email domain', () => {
    setup();
    expect(screen.getByLabelText('Hub name')).toBeInTheDocument();
    expect(screen.getByLabelText('Hub handle')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toBeInTheDocument();
    const visibility = screen.getByRole('radiogroup', { name: 'Visibility' });
    expect(visibility).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Shared' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Public' })).toHaveAccessibleDescription(
      'Anyone with your email domain, or with the link, can join as a viewer.',
    );
    expect(screen.getByRole('radio', { name: 'Shared' })).toHaveAccessibleDescription('Only people you invite can join.');
    expect(screen.getByLabelText('Email domain')).toHaveValue('acme.io');
    expect(screen.getByRole('button', { name: 'Create hub' })).toBeEnabled();
    // Nothing to join for @acme.io, so no link to the join page.
    expect(screen.queryByRole('link', { name: 'Join an existing hub' })).not.toBeInTheDocument();
  });

  it('suggests the handle from the name and reports it available', async () => {
    const { user, status } = setup();
    await user.type(screen.getByLabelText('Hub name'), 'Acme Research Ltd.');
    expect(screen.getByLabelText('Hub handle')).toHaveValue('acme-research-ltd');
    await waitFor(() => expect(status()).toHaveTextContent('acme-research-ltd is available'));
  });

  it('stops following the name once the user edits the handle', async () => {
    const { user, status } = setup();
    await user.type(screen.getByLabelText('Hub name'), 'Acme');
    await user.clear(screen.getByLabelText('Hub handle'));
    await user.type(screen.getByLabelText('Hub handle'), 'acme-labs');
    await user.type(screen.getByLabelText('Hub name'), ' Research');
    expect(screen.getByLabelText('Hub handle')).toHaveValue('acme-labs');
    await waitFor(() => expect(status()).toHaveTextContent('acme-labs is available'));
  });

  it('is step 2 of 2 of onboarding, with no way back to a hub', () => {
    setup();
    expect(screen.getByText(/Step 2 of 2/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Back to/ })).not.toBeInTheDocument();
  });

  it('opened by someone who has a hub (the hub switcher), shows no step label and a way back', async () => {
    await signInAs({ email: 'olive@acme.io', name: 'Olive Owner', hub: { name: 'Acme', domainHandle: 'acme' } });
    setup();
    expect(screen.getByRole('heading', { name: 'Create another hub' })).toBeInTheDocument();
    expect(screen.queryByText(/Step \d of 2/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Acme/ })).toHaveAttribute('href', '/');
  });

  it('reports a taken handle with the server’s reason', async () => {
    const { user, status } = setup();
    await user.type(screen.getByLabelText('Hub handle'), MOCK_DEMO_HUB.domainHandle);
    await waitFor(() => expect(status()).toHaveTextContent('That handle is already taken'));
  });

  it('waits until typing pauses, and never asks about handles the rule rejects', async () => {
    const handles = watchChecks();
    const { user, status } = setup();
    await user.type(screen.getByLabelText('Hub handle'), 'ab');
    await new Promise((r) => setTimeout(r, HANDLE_CHECK_DELAY_MS + 100));
    expect(handles).toEqual([]);
    expect(status()).toBeEmptyDOMElement();
    await user.type(screen.getByLabelText('Hub handle'), 'cdef');
    await waitFor(() => expect(status()).toHaveTextContent('abcdef is available'));
    expect(handles).toEqual(['abcdef']);
  });

  it('never offers a handle with a leading hyphen as available', async () => {
    const handles = watchChecks();
    const { user, status } = setup();
    await user.type(screen.getByLabelText('Hub handle'), '-lead');
    await new Promise((r) => setTimeout(r, HANDLE_CHECK_DELAY_MS + 100));
    expect(handles).toEqual([]);
    expect(status()).not.toHaveTextContent('available');
  });

  it('ignores an answer that arrives after the handle changed', async () => {
    // The first handle's answer is slow and says "available"; the second's is fast and says "taken".
    server.use(
      http.get('*/api/v1/organizations/check/', async ({ request }) => {
        const handle = new URL(request.url).searchParams.get('domain_handle') ?? '';
        if (handle === 'slowhub') {
          await delay(600);
          return HttpResponse.json({ data: { domain_handle: handle, available: true, reason: null } });
        }
        return HttpResponse.json({ data: { domain_handle: handle, available: false, reason: 'Taken just now' } });
      }),
    );
    const { user, status } = setup();
    await user.type(screen.getByLabelText('Hub handle'), 'slowhub');
    await new Promise((r) => setTimeout(r, HANDLE_CHECK_DELAY_MS + 50));
    await user.type(screen.getByLabelText('Hub handle'), '2');
    await waitFor(() => expect(status()).toHaveTextContent('Taken just now'));
    await new Promise((r) => setTimeout(r, 700));
    expect(status()).toHaveTextContent('Taken just now');
    expect(status()).not.toHaveTextContent('available');
  });

  it.each([
    ['Hub name', '', 'Please enter Hub name'],
    ['Hub name', 'A', 'Hub name must be at least 2 characters'],
    ['Hub handle', 'ab', 'Hub handle must be at least 3 characters'],
    ['Hub handle', 'my hub', 'Hub handle may contain only letters, digits, underscore and hyphen'],
    ['Hub handle', 'admin', 'Hub handle is reserved, please choose another'],
    ['Hub handle', '-lead', 'Hub handle must start and end with a letter or digit'],
    ['Hub handle', 'lead_', 'Hub handle must start and end with a letter or digit'],
    ['Email domain', 'not a domain', 'Email domain is not a valid domain'],
    ['Email domain', 'gmail.com', "Email domain cannot be a public email provider; use your organisation's own domain"],
  ])('checks %s "%s" → "%s"', async (label, value, message) => {
    const { user, submit } = setup();
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('creates the hub, reloads the user and opens the hub home', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/organizations/')) bodies.push(await request.clone().json());
    });
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Hub name'), 'Acme Research');
    await user.type(screen.getByLabelText('Description'), 'Where we keep what we learn.');
    await user.click(screen.getByRole('radio', { name: 'Shared' }));
    await submit();
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(bodies).toEqual([
      {
        name: 'Acme Research',
        domain_handle: 'acme-research',
        description: 'Where we keep what we learn.',
        visibility: 'shared',
        email_domain: 'acme.io',
      },
    ]);
    expect(useAuthStore.getState().user).toMatchObject({
      current_step: 'completed',
      active_organization: { name: 'Acme Research', role: 'owner' },
    });
    expect(useAuthStore.getState().subscription?.plan.name).toBe('Free');
  });

  it('puts the server’s "handle taken" error next to the handle', async () => {
    server.use(
      http.post('*/api/v1/organizations/', () =>
        HttpResponse.json(
          { message: 'That handle is already taken.', code: 'handle_taken', errors: { domain_handle: ['That handle is already taken.'] } },
          { status: 409 },
        ),
      ),
    );
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Hub name'), 'Acme Research');
    await submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Hub handle')).toHaveAccessibleDescription(expect.stringContaining('That handle is already taken.')),
    );
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('sends one request while creating', async () => {
    const gate = deferred();
    let requests = 0;
    server.use(
      http.post('*/api/v1/organizations/', async () => {
        requests += 1;
        await gate.promise;
        return HttpResponse.json({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' }, { status: 500 });
      }),
    );
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Hub name'), 'Acme Research');
    await submit();
    const button = screen.getByRole('button', { name: /Create hub/ });
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    gate.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(requests).toBe(1);
  });
});

describe('create-hub page for a user with a hub to join', () => {
  it('links to the join page and leaves a webmail domain out', async () => {
    await signInAs({ email: 'sam@example.com', name: 'Sam', profile: true });
    setup();
    expect(screen.getByRole('link', { name: 'Join an existing hub' })).toHaveAttribute('href', '/join-hub');
    expect(screen.getByLabelText('Email domain')).toHaveValue('example.com');
  });

  it('does not offer a public mailbox provider as the hub’s domain', async () => {
    await signInAs({ email: 'sam@gmail.com', name: 'Sam', profile: true });
    setup();
    expect(screen.getByLabelText('Email domain')).toHaveValue('');
  });
});

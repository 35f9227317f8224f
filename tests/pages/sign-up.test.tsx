import { http, HttpResponse } from 'msw';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_SPECIAL_CHARACTERS } from '@/lib/validation/fields';
import { MOCK_DEMO_ACCOUNT, MOCK_DEMO_HUB, MOCK_REGISTRATION, MOCK_VERIFICATION_CODE } from '@/mocks/state';
import { rememberRegistration } from '@/components/auth/pendingRegistration';
import { mockDb, server } from '@/mocks/node';
import SignUpPage from '@/pages/sign-up';
import VerifyPage from '@/pages/verify';
import { getVisitorId } from '@/client/fingerprint';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, renderWithApp, resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';

vi.mock('next/router', () => import('@/tests/router'));
// The browser's fingerprint: none unless a test gives one.
vi.mock('@/client/fingerprint', () => ({ getVisitorId: vi.fn() }));

setupMockServer();
resetAuthAfterEach();
beforeEach(() => { vi.mocked(getVisitorId).mockResolvedValue(null); });
beforeEach(() => resetRouter('/sign-up'));
afterEach(() => server.events.removeAllListeners());

/** Records the JSON bodies sent to API paths ending with `suffix`. */
function captureBodies(suffix: string) {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname.endsWith(suffix)) bodies.push(await request.clone().json());
  });
  return bodies;
}

/** Opens the page the sign-up went to, in the same browser, and enters the emailed code there. */
async function verifyWhereSent() {
  const [url] = mockRouter.push.mock.calls.at(-1) ?? [''];
  const target = new URL(url, 'https://convene.test');
  cleanup();
  resetRouter(target.pathname, Object.fromEntries(target.searchParams));
  const view = renderWithApp(<VerifyPage />);
  await view.user.type(screen.getByLabelText('Code'), MOCK_VERIFICATION_CODE);
  await view.user.click(screen.getByRole('button', { name: 'Verify' }));
}

const setup = () => {
  const view = renderWithApp(<SignUpPage />);
  const fill = async (values: { name?: string; email?: string; password?: string }) => {
    if (values.name !== undefined) await view.user.type(screen.getByLabelText('Name'), values.name);
    if (values.email !== undefined) await view.user.type(screen.getByLabelText('Email'), values.email);
    if (values.password !== undefined) await view.user.type(screen.getByLabelText('Password'), values.password);
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Create account' }));
  return { ...view, fill, submit };
};

const valid = { name: 'Ada Lovelace', email: 'Ada@Example.org', password: 'Analytical#1843' };

describe('sign-up page', () => {
  it('shows the labelled fields, the submit button and the sign-in link', () => {
    setup();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('asks for every field when the form is sent empty', async () => {
    const { submit } = setup();
    await submit();
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password')).toBeInTheDocument();
  });

  it.each([
    ['name', { name: 'A' }, 'Name must be at least 2 characters'],
    ['email', { email: 'ada@' }, 'Enter a valid email address'],
    ['password', { password: 'Ab1#' }, 'Password must be at least 8 characters'],
    ['password', { password: 'ANALYTICAL#1' }, 'Password must contain a lowercase letter'],
    ['password', { password: 'analytical#1' }, 'Password must contain an uppercase letter'],
    ['password', { password: 'Analytical#' }, 'Password must contain a digit'],
    ['password', { password: 'Analytical1843' }, `Password must contain a special character (${PASSWORD_SPECIAL_CHARACTERS})`],
  ])('shows the %s rule: %s → "%s"', async (_field, values, message) => {
    const { fill, submit } = setup();
    await fill(values);
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('registers with the entered values and goes to the verify page', async () => {
    const bodies = captureBodies('/auth/register/');
    const { fill, submit } = setup();
    await fill(valid);
    await submit();
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/verify?email=ada%40example.org'));
    expect(bodies).toEqual([valid]);
  });

  it('keeps the sign-up’s registration, so the verify page sends it with the code and then forgets it', async () => {
    const verified = captureBodies('/auth/register/verify/');
    const { fill, submit } = setup();
    await fill(valid);
    await submit();
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledTimes(1));
    await verifyWhereSent();
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/basic-profile'));
    expect(verified).toEqual([{ email: 'ada@example.org', code: MOCK_VERIFICATION_CODE, registration: MOCK_REGISTRATION }]);
    // A verified sign-up leaves no secret behind in the browser.
    expect(Object.values(window.localStorage)).not.toContain(MOCK_REGISTRATION);
  });

  it('carries a safe next path (an invitation link) on to the verify page', async () => {
    resetRouter('/sign-up', { next: '/join-hub?invitation=abc' });
    const { fill, submit } = setup();
    await fill(valid);
    await submit();
    await waitFor(() =>
      expect(mockRouter.push).toHaveBeenCalledWith('/verify?email=ada%40example.org&next=%2Fjoin-hub%3Finvitation%3Dabc'),
    );
  });

  it('drops a next that points off the site', async () => {
    resetRouter('/sign-up', { next: '//evil.example/steal' });
    const { fill, submit } = setup();
    await fill(valid);
    await submit();
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/verify?email=ada%40example.org'));
  });

  it('goes to the verify page for an address that already has an account, like for any other', async () => {
    const bodies = captureBodies('/auth/register/');
    const { fill, submit } = setup();
    await fill({ ...valid, email: MOCK_DEMO_ACCOUNT.email });
    await submit();
    // The server answers every address alike (the owner hears about it by email), so the page does too.
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/verify?email=demo%40example.com'));
    expect(bodies).toEqual([{ ...valid, email: MOCK_DEMO_ACCOUNT.email }]);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a network failure above the form and lets the user try again', async () => {
    server.use(http.post('*/api/v1/auth/register/', () => HttpResponse.error()));
    const { fill, submit } = setup();
    await fill(valid);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  it('shows progress and sends one request however often the button is clicked', async () => {
    const gate = deferred();
    let requests = 0;
    server.use(
      http.post('*/api/v1/auth/register/', async () => {
        requests += 1;
        await gate.promise;
        return HttpResponse.json({ data: { email: 'ada@example.org', expires_in: 600, registration: 'slow-registration' } }, { status: 201 });
      }),
    );
    const { fill, submit, user } = setup();
    await fill(valid);
    await submit();
    const button = screen.getByRole('button', { name: /Create account/ });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    await user.click(button);
    gate.release();
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledTimes(1));
    expect(requests).toBe(1);
  });

  describe('from an invitation link', () => {
    const invitationPath = '/join-hub?invitation=invite-ivy';
    beforeEach(() => {
      const hub = mockDb.data.organizations.find((o) => o.domainHandle === MOCK_DEMO_HUB.domainHandle)!;
      mockDb.data.invitations.push({ hubId: hub.id, email: 'ivy@example.org', role: 'editor', invitedBy: null, token: 'invite-ivy' });
      resetRouter('/sign-up', { next: invitationPath });
    });

    it('names the invited address masked, and with that address signs straight in without a code', async () => {
      const bodies = captureBodies('/auth/register/');
      const { fill, submit } = setup();
      expect(await screen.findByText('Your invitation was sent to i•••@example.org. With that address there is no code to enter.')).toBeInTheDocument();
      const email = screen.getByLabelText('Email');
      expect(email).toHaveValue('');
      expect(email).not.toHaveAttribute('readonly');
      await fill({ name: 'Ivy Invitee', email: 'ivy@example.org', password: valid.password });
      await submit();
      // Back to the invitation, signed in, to accept it.
      await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith(invitationPath));
      expect(mockRouter.push).not.toHaveBeenCalled();
      expect(bodies).toEqual([{ name: 'Ivy Invitee', email: 'ivy@example.org', password: valid.password, invitation: 'invite-ivy' }]);
    });

    it('is an ordinary sign-up when the link is no good', async () => {
      resetRouter('/sign-up', { next: '/join-hub?invitation=invite-unknown' });
      const { fill, submit } = setup();
      await fill(valid);
      expect(screen.getByLabelText('Email')).not.toHaveAttribute('readonly');
      await submit();
      await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith(
        `/verify?email=ada%40example.org&next=${encodeURIComponent('/join-hub?invitation=invite-unknown')}`,
      ));
    });
  });

  describe('an address this browser signed up before and never verified', () => {
    beforeEach(() => rememberRegistration('ada@example.org', MOCK_REGISTRATION));

    it('says it is waiting for verification and leads to the code, without signing up again', async () => {
      const bodies = captureBodies('/auth/register/');
      const { fill, submit, user } = setup();
      await fill(valid);
      await submit();
      expect(await screen.findByText('An account with this email is waiting for verification')).toBeInTheDocument();
      expect(bodies).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Enter the code' }));
      await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/verify?email=ada%40example.org'));
    });

    it('sends a new code for that sign-up, then leads to the code', async () => {
      const resent = captureBodies('/auth/register/resend/');
      const { fill, submit, user } = setup();
      await fill(valid);
      await submit();
      await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
      await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/verify?email=ada%40example.org'));
      expect(resent).toEqual([{ email: 'ada@example.org', registration: MOCK_REGISTRATION }]);
    });

    it('shows why a new code cannot be sent yet', async () => {
      server.use(http.post('*/api/v1/auth/register/resend/', () =>
        HttpResponse.json({ message: 'Please wait 53 seconds before asking for another email.', code: 'rate_limited' }, { status: 429 })));
      const { fill, submit, user } = setup();
      await fill(valid);
      await submit();
      await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
      expect(await screen.findByText('Please wait 53 seconds before asking for another email.')).toBeInTheDocument();
      expect(mockRouter.push).not.toHaveBeenCalled();
    });
  });
});

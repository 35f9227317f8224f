import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '@/lib/http/api';
import { MOCK_DEMO_ACCOUNT } from '@/mocks/state';
import { server, tokenRoute } from '@/mocks/node';
import SignInPage from '@/pages/sign-in';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, renderWithApp, resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';

vi.mock('next/router', () => import('@/tests/router'));

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/sign-in'));

/** Records the JSON bodies sent to API paths ending with `suffix`. */
function captureBodies(suffix: string) {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname.endsWith(suffix)) bodies.push(await request.clone().json());
  });
  return bodies;
}

const setup = () => {
  const view = renderWithApp(<SignInPage />);
  const signIn = async (email: string, password: string) => {
    if (email) await view.user.type(screen.getByLabelText('Email'), email);
    if (password) await view.user.type(screen.getByLabelText('Password'), password);
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
  };
  return { ...view, signIn };
};

describe('sign-in page', () => {
  beforeEach(() => server.events.removeAllListeners());

  it('shows the fields, the button and both links, and no Google button without Firebase settings', () => {
    setup();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/sign-up');
    expect(screen.queryByRole('button', { name: /Continue with Google/ })).not.toBeInTheDocument();
  });

  it('asks for the email and the password', async () => {
    const { signIn } = setup();
    await signIn('', '');
    expect(await screen.findByText('Please enter Email')).toBeInTheDocument();
    expect(screen.getByText('Please enter Password')).toBeInTheDocument();
  });

  it('rejects a malformed email before asking the server', async () => {
    const bodies = captureBodies('/auth/login/');
    const { signIn } = setup();
    await signIn('demo.example.com', 'whatever');
    expect(await screen.findByText('Email is not a valid email')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('signs in with the browser’s visitor id, stores the session and lands on the hub home', async () => {
    useAuthStore.setState({ visitorId: 'visitor-42' });
    const bodies = captureBodies('/auth/login/');
    const { signIn } = setup();
    await signIn(MOCK_DEMO_ACCOUNT.email, MOCK_DEMO_ACCOUNT.password);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(bodies).toEqual([
      { email: MOCK_DEMO_ACCOUNT.email, password: MOCK_DEMO_ACCOUNT.password, visitor_id: 'visitor-42' },
    ]);
    expect(tokenRoute.token).toMatch(/^mock\./);
    expect(useAuthStore.getState().user?.email).toBe(MOCK_DEMO_ACCOUNT.email);
  });

  it('returns to the page the user was sent away from', async () => {
    resetRouter('/sign-in', { next: '/join-hub' });
    const { signIn } = setup();
    await signIn(MOCK_DEMO_ACCOUNT.email, MOCK_DEMO_ACCOUNT.password);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/join-hub'));
  });

  it('shows wrong credentials above the form', async () => {
    const { signIn } = setup();
    await signIn(MOCK_DEMO_ACCOUNT.email, 'Wrong#password1');
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('shows the server’s rate-limit message', async () => {
    server.use(
      http.post('*/api/v1/auth/login/', () =>
        HttpResponse.json({ message: 'Too many attempts. Please wait a few minutes and try again.', code: 'rate_limited' }, { status: 429 }),
      ),
    );
    const { signIn } = setup();
    await signIn(MOCK_DEMO_ACCOUNT.email, MOCK_DEMO_ACCOUNT.password);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
  });

  it('sends an unverified user a new code and then to the verify page', async () => {
    await authApi.register({ name: 'Una Verified', email: 'una@example.org', password: 'Pending#2024' });
    const resent = captureBodies('/auth/register/resend/');
    const { signIn } = setup();
    await signIn('Una@Example.org', 'Pending#2024');
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/verify?email=una%40example.org'));
    expect(resent).toEqual([{ email: 'una@example.org' }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('still goes to the verify page when the resend is refused', async () => {
    await authApi.register({ name: 'Una Verified', email: 'una@example.org', password: 'Pending#2024' });
    server.use(
      http.post('*/api/v1/auth/register/resend/', () =>
        HttpResponse.json({ message: 'Too many requests.', code: 'rate_limited' }, { status: 429 }),
      ),
    );
    const { signIn } = setup();
    await signIn('una@example.org', 'Pending#2024');
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/verify?email=una%40example.org'));
  });

  it('sends one request while a sign-in is pending', async () => {
    const gate = deferred();
    let requests = 0;
    server.use(
      http.post('*/api/v1/auth/login/', async () => {
        requests += 1;
        await gate.promise;
        return HttpResponse.json({ message: 'The email or password is incorrect.', code: 'invalid_credentials' }, { status: 401 });
      }),
    );
    const { signIn, user } = setup();
    await signIn(MOCK_DEMO_ACCOUNT.email, MOCK_DEMO_ACCOUNT.password);
    const button = screen.getByRole('button', { name: /Sign in/ });
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    gate.release();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(requests).toBe(1);
    expect(button).toBeEnabled();
  });
});

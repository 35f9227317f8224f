import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '@/client/http/api';
import { MOCK_DEMO_ACCOUNT } from '@/mocks/state';
import { server, tokenRoute } from '@/mocks/node';
import SignInPage from '@/pages/sign-in';
import { useAuthStore } from '@/store/auth';
import { getVisitorId } from '@/client/fingerprint';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, renderWithApp, resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';

setupMockServer();
resetAuthAfterEach();
beforeEach(() => { vi.mocked(getVisitorId).mockResolvedValue(null); });
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
    // Each field shows its error after its own timer (antd's useDebounce): the second may come a render later.
    expect(await screen.findByText('Please enter Password')).toBeInTheDocument();
  });

  it('rejects a malformed email before asking the server', async () => {
    const bodies = captureBodies('/auth/login/');
    const { signIn } = setup();
    await signIn('demo.example.com', 'whatever');
    expect(await screen.findByText('Email is not a valid email')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('signs in with the browser’s visitor id, stores the session and lands on the hub home', async () => {
    vi.mocked(getVisitorId).mockResolvedValue('visitor-42');
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

  it('refuses an account still waiting for its code like a wrong password, and sends no code', async () => {
    await authApi.register({ name: 'Una Verified', email: 'una@example.org', password: 'Pending#2024' });
    const resent = captureBodies('/auth/register/resend/');
    const { signIn } = setup();
    await signIn('una@example.org', 'Pending#2024');
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    expect(resent).toEqual([]);
    expect(mockRouter.push).not.toHaveBeenCalled();
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  describe('when the address is under attack', () => {
    const codeRequired = 'For your safety, we have emailed you a sign-in code. Enter it with your password to continue.';
    const wrongCode = 'The code is incorrect. You have 4 tries left.';
    const emailCode = '482916';

    /** The API's answers while the address has too many failures: no code, a wrong code, or the right one (then the mock signs in). */
    beforeEach(() => {
      server.use(
        http.post('*/api/v1/auth/login/', async ({ request }) => {
          const body = (await request.clone().json()) as { email_code?: string };
          if (body.email_code === undefined) {
            return HttpResponse.json({ message: codeRequired, code: 'email_code_required' }, { status: 401 });
          }
          if (body.email_code !== emailCode) {
            return HttpResponse.json({ message: wrongCode, code: 'invalid_code', errors: { email_code: [wrongCode] } }, { status: 400 });
          }
          return undefined;
        }),
      );
    });

    const codeField = () => screen.getByLabelText('Code from your email');

    it('asks for the code from the email, then signs in with the code and the password', async () => {
      const bodies = captureBodies('/auth/login/');
      const { signIn, user } = setup();
      expect(screen.queryByLabelText('Code from your email')).not.toBeInTheDocument();
      await signIn(MOCK_DEMO_ACCOUNT.email, MOCK_DEMO_ACCOUNT.password);
      expect(await screen.findByRole('alert')).toHaveTextContent(codeRequired);
      expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
      expect(codeField()).toHaveAttribute('inputmode', 'numeric');
      expect(codeField()).toHaveFocus();
      expect(mockRouter.replace).not.toHaveBeenCalled();

      await user.type(codeField(), emailCode);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
      const account = { email: MOCK_DEMO_ACCOUNT.email, password: MOCK_DEMO_ACCOUNT.password };
      expect(bodies).toEqual([account, { ...account, email_code: emailCode }]);
      expect(useAuthStore.getState().user?.email).toBe(MOCK_DEMO_ACCOUNT.email);
    });

    it.each([
      ['', 'Please enter the code from the email'],
      ['12a45', 'Enter the 6-digit code from the email'],
    ])('checks the code "%s" before asking the server again: "%s"', async (code, message) => {
      const bodies = captureBodies('/auth/login/');
      const { signIn, user } = setup();
      await signIn(MOCK_DEMO_ACCOUNT.email, MOCK_DEMO_ACCOUNT.password);
      await screen.findByLabelText('Code from your email');
      if (code) await user.type(codeField(), code);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(bodies).toHaveLength(1);
    });

    it('shows one message, not two, for a code typed and then erased', async () => {
      const bodies = captureBodies('/auth/login/');
      const { signIn, user } = setup();
      await signIn(MOCK_DEMO_ACCOUNT.email, MOCK_DEMO_ACCOUNT.password);
      await user.type(await screen.findByLabelText('Code from your email'), '4');
      await user.clear(codeField());
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(codeField()).toHaveAccessibleDescription(expect.stringContaining('Please enter the code from the email')));
      expect(screen.queryByText('Please enter Code')).not.toBeInTheDocument();
      expect(bodies).toHaveLength(1);
    });

    it('puts a wrong code’s error next to the code field and keeps the password for the next try', async () => {
      const bodies = captureBodies('/auth/login/');
      const { signIn, user } = setup();
      await signIn(MOCK_DEMO_ACCOUNT.email, MOCK_DEMO_ACCOUNT.password);
      await user.type(await screen.findByLabelText('Code from your email'), '111111');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(codeField()).toHaveAccessibleDescription(expect.stringContaining(wrongCode)));
      expect(codeField()).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(mockRouter.replace).not.toHaveBeenCalled();

      await user.clear(codeField());
      await user.type(codeField(), emailCode);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
      expect(bodies.at(-1)).toEqual({ email: MOCK_DEMO_ACCOUNT.email, password: MOCK_DEMO_ACCOUNT.password, email_code: emailCode });
    });
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
    // Taken before the click: once loading, its name gains antd's "loading" icon label.
    const button = screen.getByRole('button', { name: 'Sign in' });
    await signIn(MOCK_DEMO_ACCOUNT.email, MOCK_DEMO_ACCOUNT.password);
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    gate.release();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(requests).toBe(1);
    expect(button).toBeEnabled();
  });
});

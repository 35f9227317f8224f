import { http, HttpResponse } from 'msw';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '@/client/http/api';
import { VERIFICATION_CODE_MAX_ATTEMPTS } from '@/lib/constants';
import { errorMessages } from '@/lib/contract/error-messages';
import { MOCK_REGISTRATION, MOCK_VERIFICATION_CODE } from '@/mocks/state';
import { server } from '@/mocks/node';
import VerifyPage from '@/pages/verify';
import { useAuthStore } from '@/store/auth';
import { rememberRegistration } from '@/components/auth/pendingRegistration';
import { RESEND_COOLDOWN_SECONDS } from '@/components/auth/VerifyForm';
import { getVisitorId } from '@/client/fingerprint';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { renderWithApp, resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';

setupMockServer();
resetAuthAfterEach();
beforeEach(() => { vi.mocked(getVisitorId).mockResolvedValue(null); });

const email = 'new.person@example.org';

// As after the sign-up form: the account waits for its code and this browser holds the registration.
beforeEach(async () => {
  resetRouter('/verify', { email });
  const { data } = await authApi.register({ name: 'New Person', email, password: 'Fresh#Start1' });
  rememberRegistration(data.email, data.registration);
});
afterEach(() => {
  vi.useRealTimers();
  server.events.removeAllListeners();
});

/** Records the JSON bodies sent to API paths ending with `suffix`. */
function captureBodies(suffix: string) {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname.endsWith(suffix)) bodies.push(await request.clone().json());
  });
  return bodies;
}

/** Lets `seconds` pass on the fake clock, with React seeing every tick. */
async function wait(seconds: number) {
  await act(async () => {
    vi.advanceTimersByTime(seconds * 1000);
  });
}

const setup = () => {
  const view = renderWithApp(<VerifyPage />);
  const verify = async (code: string) => {
    if (code) await view.user.type(screen.getByLabelText('Code'), code);
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
  };
  return { ...view, verify };
};

describe('verify page', () => {
  it('shows the address, the Code field, the Verify button and a resend that counts down', () => {
    setup();
    expect(screen.getByText(email)).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    // The sign-up has just sent a code: asking for another waits a minute.
    expect(screen.getByRole('button', { name: `Resend in ${RESEND_COOLDOWN_SECONDS} s` })).toBeDisabled();
    expect(screen.queryByText(/ask again/)).not.toBeInTheDocument();
  });

  it.each([
    ['', 'Please enter the code from the email'],
    ['12a45', 'Enter the 6-digit code from the email'],
    ['12345', 'Enter the 6-digit code from the email'],
  ])('rejects the code "%s" with "%s"', async (code, message) => {
    const { verify } = setup();
    await verify(code);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('verifies with the sign-up’s registration, signs the user in, sends them to the basic profile and forgets the registration', async () => {
    vi.mocked(getVisitorId).mockResolvedValue('visitor-1');
    const bodies = captureBodies('/auth/register/verify/');
    const { verify } = setup();
    await verify(MOCK_VERIFICATION_CODE);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/basic-profile'));
    expect(bodies).toEqual([{ email, code: MOCK_VERIFICATION_CODE, registration: MOCK_REGISTRATION, visitor_id: 'visitor-1' }]);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: { email, current_step: 'profile' } });
    expect(Object.values(window.localStorage)).not.toContain(MOCK_REGISTRATION);
  });

  it('sends the registration of the address on the page, not of another sign-up in this browser', async () => {
    const other = 'other.person@example.org';
    await authApi.register({ name: 'Other Person', email: other, password: 'Fresh#Start2' });
    rememberRegistration(other, 'registration-of-other');
    resetRouter('/verify', { email: other });
    const bodies = captureBodies('/auth/register/verify/');
    const { verify } = setup();
    await verify(MOCK_VERIFICATION_CODE);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/basic-profile'));
    expect(bodies).toEqual([{ email: other, code: MOCK_VERIFICATION_CODE, registration: 'registration-of-other' }]);
    // The first sign-up's secret stays for its own verify page.
    expect(Object.values(window.localStorage)).toContain(MOCK_REGISTRATION);
  });

  it('puts a wrong code’s error next to the Code field and keeps the registration for the next try', async () => {
    const bodies = captureBodies('/auth/register/verify/');
    const { verify, user } = setup();
    await verify('654321');
    await waitFor(() =>
      expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(errorMessages.codeIncorrect(VERIFICATION_CODE_MAX_ATTEMPTS - 1)),
    );
    expect(mockRouter.replace).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Code'));
    await verify(MOCK_VERIFICATION_CODE);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/basic-profile'));
    expect(bodies).toEqual([
      { email, code: '654321', registration: MOCK_REGISTRATION },
      { email, code: MOCK_VERIFICATION_CODE, registration: MOCK_REGISTRATION },
    ]);
  });

  it('offers a resend after 60 seconds, sends it with the registration, then counts down again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies = captureBodies('/auth/register/resend/');
    const { user } = setup();
    expect(screen.getByRole('button', { name: `Resend in ${RESEND_COOLDOWN_SECONDS} s` })).toBeDisabled();
    await wait(30);
    expect(screen.getByRole('button', { name: 'Resend in 30 s' })).toBeDisabled();
    await wait(30.5);
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();

    await user.click(resend);
    expect(await screen.findByText(`We sent a new code to ${email}.`)).toBeInTheDocument();
    expect(bodies).toEqual([{ email, registration: MOCK_REGISTRATION }]);
    // Once clicked the button keeps antd's loading icon until its fade-out ends, hence the patterns.
    expect(screen.getByRole('button', { name: new RegExp(`Resend in ${RESEND_COOLDOWN_SECONDS} s`) })).toBeDisabled();
    await wait(45);
    expect(screen.getByRole('button', { name: /Resend in 15 s/ })).toBeDisabled();
    await wait(15.5);
    expect(screen.getByRole('button', { name: /Resend code/ })).toBeEnabled();
  });

  it('shows the server’s message when resending is rate limited, and keeps the button usable', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.post('*/api/v1/auth/register/resend/', () =>
        HttpResponse.json({ message: 'Too many requests. Please try again in 42 seconds.', code: 'rate_limited' }, { status: 429 }),
      ),
    );
    const { user } = setup();
    await wait(RESEND_COOLDOWN_SECONDS + 0.5);
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Too many requests. Please try again in 42 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend code/ })).toBeEnabled();
  });

  it('explains what to do when the link has no email address', () => {
    resetRouter('/verify');
    setup();
    expect(screen.getByText('This link is missing the email address to verify.')).toBeInTheDocument();
    // Signing in cannot help an account that is not verified yet (it has no password until then): a new sign-up sends a new code.
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/sign-up');
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });
});

import { http, HttpResponse } from 'msw';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '@/lib/http/api';
import { MOCK_VERIFICATION_CODE } from '@/mocks/state';
import { server } from '@/mocks/node';
import VerifyPage from '@/pages/verify';
import { useAuthStore } from '@/store/auth';
import { RESEND_COOLDOWN_SECONDS } from '@/components/auth/VerifyForm';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { renderWithApp, resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';

vi.mock('next/router', () => import('@/tests/router'));

setupMockServer();
resetAuthAfterEach();

const email = 'new.person@example.org';

beforeEach(async () => {
  resetRouter('/verify', { email });
  await authApi.register({ name: 'New Person', email, password: 'Fresh#Start1' });
});
afterEach(() => {
  vi.useRealTimers();
  server.events.removeAllListeners();
});

const setup = () => {
  const view = renderWithApp(<VerifyPage />);
  const verify = async (code: string) => {
    if (code) await view.user.type(screen.getByLabelText('Code'), code);
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
  };
  return { ...view, verify };
};

describe('verify page', () => {
  it('shows the address, the Code field and both buttons', () => {
    setup();
    expect(screen.getByText(email)).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it.each([
    ['', 'Please enter Code'],
    ['12a45', 'Code must be between 6-12 digits'],
    ['12345', 'Code must be between 6-12 digits'],
  ])('rejects the code "%s" with "%s"', async (code, message) => {
    const { verify } = setup();
    await verify(code);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('verifies, signs the user in and sends them to the basic profile', async () => {
    useAuthStore.setState({ visitorId: 'visitor-1' });
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/auth/register/verify/')) bodies.push(await request.clone().json());
    });
    const { verify } = setup();
    await verify(MOCK_VERIFICATION_CODE);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/basic-profile'));
    expect(bodies).toEqual([{ email, code: MOCK_VERIFICATION_CODE, visitor_id: 'visitor-1' }]);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: { email, current_step: 'profile' } });
  });

  it('puts a wrong code’s error next to the Code field', async () => {
    const { verify } = setup();
    await verify('654321');
    await waitFor(() =>
      expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('That code is not right. Check the email and try again.'),
    );
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('resends the code, then waits 60 seconds before offering it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(`We sent a new code to ${email}.`)).toBeInTheDocument();
    // Once clicked the button keeps antd's loading icon until its fade-out ends, hence the pattern.
    expect(screen.getByRole('button', { name: /Resend code/ })).toBeDisabled();
    expect(screen.getByText(`You can ask again in ${RESEND_COOLDOWN_SECONDS} s`)).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByText('You can ask again in 30 s')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(30_500);
    });
    expect(screen.getByRole('button', { name: /Resend code/ })).toBeEnabled();
    expect(screen.queryByText(/You can ask again/)).not.toBeInTheDocument();
  });

  it('shows the server’s message when resending is rate limited, and keeps the button usable', async () => {
    server.use(
      http.post('*/api/v1/auth/register/resend/', () =>
        HttpResponse.json({ message: 'Too many requests. Please try again in 42 seconds.', code: 'rate_limited' }, { status: 429 }),
      ),
    );
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Too many requests. Please try again in 42 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend code/ })).toBeEnabled();
  });

  it('explains what to do when the link has no email address', () => {
    resetRouter('/verify');
    setup();
    expect(screen.getByText('This link is missing the email address to verify.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });
});

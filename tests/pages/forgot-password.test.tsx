import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MOCK_DEMO_ACCOUNT } from '@/mocks/state';
import { server } from '@/mocks/node';
import ForgotPasswordPage from '@/pages/forgot-password';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, renderWithApp } from '@/tests/render';

setupMockServer();
afterEach(() => server.events.removeAllListeners());

const setup = () => {
  const view = renderWithApp(<ForgotPasswordPage />);
  const send = async (email: string) => {
    if (email) await view.user.type(screen.getByLabelText('Email'), email);
    await view.user.click(screen.getByRole('button', { name: 'Send reset link' }));
  };
  return { ...view, send };
};

describe('forgot-password page', () => {
  it('shows the Email field and the button', () => {
    setup();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });

  it.each([
    ['', 'Please enter Email'],
    ['not-an-email', 'Email is not a valid email'],
  ])('rejects "%s" with "%s"', async (email, message) => {
    const { send } = setup();
    await send(email);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it.each([
    ['an existing account', MOCK_DEMO_ACCOUNT.email],
    ['an unknown address', 'nobody@example.org'],
  ])('gives the same neutral confirmation for %s', async (_case, email) => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/auth/password/forgot/')) bodies.push(await request.clone().json());
    });
    const { send } = setup();
    await send(email);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for/)).toHaveTextContent(
      `If an account exists for ${email}, we have sent a link to reset its password.`,
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in');
    expect(bodies).toEqual([{ email }]);
  });

  it('shows a failure instead of the confirmation', async () => {
    server.use(
      http.post('*/api/v1/auth/password/forgot/', () =>
        HttpResponse.json({ message: 'Too many requests. Please try again in 30 seconds.', code: 'rate_limited' }, { status: 429 }),
      ),
    );
    const { send } = setup();
    await send(MOCK_DEMO_ACCOUNT.email);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again in 30 seconds.');
    expect(screen.queryByText(/If an account exists/)).not.toBeInTheDocument();
  });

  it('sends one request while pending', async () => {
    const gate = deferred();
    let requests = 0;
    server.use(
      http.post('*/api/v1/auth/password/forgot/', async () => {
        requests += 1;
        await gate.promise;
        return HttpResponse.json({ data: null });
      }),
    );
    const { send, user } = setup();
    await send(MOCK_DEMO_ACCOUNT.email);
    const button = screen.getByRole('button', { name: /Send reset link/ });
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    gate.release();
    expect(await screen.findByText(/If an account exists/)).toBeInTheDocument();
    expect(requests).toBe(1);
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORDS_DIFFER } from '@/components/auth/ResetPasswordForm';
import { errorMessages } from '@/lib/contract/error-messages';
import { mockDb, server } from '@/mocks/node';
import { MOCK_DEMO_ACCOUNT } from '@/mocks/state';
import ResetPasswordPage from '@/pages/reset-password';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { renderWithApp } from '@/tests/render';
import { resetRouter } from '@/tests/router';

setupMockServer();
afterEach(() => server.events.removeAllListeners());

const TOKEN = 'reset-token-1';

beforeEach(() => {
  resetRouter('/reset-password', { token: TOKEN });
  const demo = mockDb.userByEmail(MOCK_DEMO_ACCOUNT.email);
  if (demo) mockDb.data.resetTokens[TOKEN] = demo.id;
});

const setup = () => {
  const view = renderWithApp(<ResetPasswordPage />);
  const reset = async (password: string, confirm: string) => {
    if (password) await view.user.type(screen.getByLabelText('New password'), password);
    if (confirm) await view.user.type(screen.getByLabelText('Confirm password'), confirm);
    await view.user.click(screen.getByRole('button', { name: 'Reset password' }));
  };
  return { ...view, reset };
};

describe('reset-password page', () => {
  it('shows both password fields and the button', () => {
    setup();
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled();
  });

  it('asks for both passwords', async () => {
    const { reset } = setup();
    await reset('', '');
    expect(await screen.findByText('Please enter New password')).toBeInTheDocument();
    // Each field shows its error after its own timer (antd's useDebounce): the second may come a render later.
    expect(await screen.findByText('Please enter Confirm password')).toBeInTheDocument();
  });

  it.each([
    ['short', 'New password must be at least 8 characters'],
    ['alllowercase1!', 'New password must contain an uppercase letter'],
    ['NoSpecials123', 'New password must contain a special character'],
  ])('applies the password rule to "%s"', async (password, message) => {
    const { reset } = setup();
    await reset(password, password);
    expect(await screen.findByText(new RegExp(`^${message}`))).toBeInTheDocument();
  });

  it('requires the confirmation to match', async () => {
    const { reset } = setup();
    await reset('Brand#New2024', 'Brand#New2025');
    await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(PASSWORDS_DIFFER));
  });

  it('resets the password with the link’s token and offers to sign in', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/auth/password/reset/')) bodies.push(await request.clone().json());
    });
    const { reset } = setup();
    await reset('Brand#New2024', 'Brand#New2024');
    expect(await screen.findByRole('heading', { name: 'Password updated' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(bodies).toEqual([{ token: TOKEN, password: 'Brand#New2024' }]);
    expect(mockDb.userByEmail(MOCK_DEMO_ACCOUNT.email)?.password).toBe('Brand#New2024');
  });

  it('explains a used or expired link and links to a new one', async () => {
    resetRouter('/reset-password', { token: 'no-such-token' });
    const { reset } = setup();
    await reset('Brand#New2024', 'Brand#New2024');
    expect(await screen.findByText(errorMessages.invalidResetLink)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('explains a link without a token instead of showing the form', () => {
    resetRouter('/reset-password');
    setup();
    expect(screen.getByText(/This reset link is incomplete/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@/lib/contract/error-messages';
import { TWO_FACTOR_MAX_ATTEMPTS } from '@/lib/contract/two-factor';
import { mockDb, server, tokenRoute } from '@/mocks/node';
import { MOCK_DEMO_ACCOUNT } from '@/mocks/state';
import { MOCK_TOTP_CODE, secondFactorsOf, twoFactorData } from '@/mocks/two-factor-state';
import SignInPage from '@/pages/sign-in';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { demoHub, renderStill } from '@/tests/components/spaces/fixtures';

vi.mock('next/router', () => import('@/tests/router'));

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/sign-in'));
afterEach(() => server.events.removeAllListeners());

/** The demo owner with the authenticator app on and recovery codes. */
function demoWithTotp() {
  const factors = secondFactorsOf(mockDb, demoHub().owner.id);
  Object.assign(factors, { totpSecret: 'SECRET', totpEnabledAt: mockDb.now(), recoveryCodes: [{ code: 'abcd-efgh', used: false }] });
  return factors;
}

async function signInWithPassword() {
  const view = renderStill(<SignInPage />);
  await view.user.type(screen.getByLabelText('Email'), MOCK_DEMO_ACCOUNT.email);
  await view.user.type(screen.getByLabelText('Password'), MOCK_DEMO_ACCOUNT.password);
  await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
  // The step (with antd's provider) is imported on demand; the first import takes a while under test.
  await screen.findByRole('heading', { name: 'Two-factor sign-in' }, { timeout: 15_000 });
  return view;
}

describe('the second step of signing in', () => {
  it('asks for the authenticator code on a numeric one-time-code field, and signs in with it', async () => {
    demoWithTotp();
    const { user } = await signInWithPassword();
    // No session yet: only the pending sign-in.
    expect(tokenRoute.token).toBeNull();
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.type(field, MOCK_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(tokenRoute.token).toMatch(/^mock\./);
  });

  it('shows a wrong code next to the field, and a malformed one before asking the server', async () => {
    demoWithTotp();
    const { user } = await signInWithPassword();
    const field = screen.getByLabelText('Authentication code');
    await user.type(field, '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(errorMessages.secondFactorRefused('totp', TWO_FACTOR_MAX_ATTEMPTS - 1))).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(tokenRoute.token).toBeNull();
  });

  it('takes a recovery code instead', async () => {
    const factors = demoWithTotp();
    const { user } = await signInWithPassword();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(await screen.findByLabelText('Recovery code'), 'ABCD-EFGH');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(factors.recoveryCodes[0]?.used).toBe(true);
  });

  it('sends the person back to the first step when the pending sign-in has expired', async () => {
    demoWithTotp();
    const { user } = await signInWithPassword();
    twoFactorData(mockDb).pending = {};
    await user.type(screen.getByLabelText('Authentication code'), MOCK_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This sign-in has expired. Please sign in again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    // What was typed is still there.
    expect(screen.getByLabelText('Email')).toHaveValue(MOCK_DEMO_ACCOUNT.email);
  });

  it('offers the passkey when the person has one, and says so when the browser cannot use it', async () => {
    secondFactorsOf(mockDb, demoHub().owner.id).passkeys.push({
      id: mockDb.newId(), credentialId: 'cred', name: 'Laptop', createdAt: mockDb.now(), lastUsedAt: null,
    });
    const view = renderStill(<SignInPage />);
    await view.user.type(screen.getByLabelText('Email'), MOCK_DEMO_ACCOUNT.email);
    await view.user.type(screen.getByLabelText('Password'), MOCK_DEMO_ACCOUNT.password);
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Confirm with your passkey' });
    // jsdom has no WebAuthn: the person is told, and nothing freezes.
    await view.user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot use passkeys. Try another browser, or use your password.');
    expect(screen.getByRole('button', { name: 'Use your passkey' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Use your authenticator app instead' })).not.toBeInTheDocument();
  });
});

describe('signing in with a passkey alone', () => {
  it('has its own button, which explains when this browser cannot use passkeys', async () => {
    const view = renderStill(<SignInPage />);
    await view.user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot use passkeys. Try another browser, or use your password.');
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@/lib/contract/error-messages';
import { mockDb, server } from '@/mocks/node';
import { MOCK_DEMO_ACCOUNT } from '@/mocks/state';
import { MOCK_TOTP_CODE, secondFactorsOf, twoFactorData } from '@/mocks/two-factor-state';
import { AccountSecurity } from '@/components/account/AccountSecurity';
import { TwoFactorSettings } from '@/components/account/TwoFactorSettings';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { resetRouter } from '@/tests/router';
import { addHubMember, demoHub, renderStill, signInOwner, signInUser } from '@/tests/components/spaces/fixtures';

vi.mock('next/router', () => import('@/tests/router'));

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/account/security'));
afterEach(() => server.events.removeAllListeners());

/** Records the JSON bodies sent to API paths ending with `suffix`. */
function captureBodies(suffix: string) {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname.endsWith(suffix)) bodies.push(await request.clone().json());
  });
  return bodies;
}

async function open() {
  const view = renderStill(<TwoFactorSettings />);
  await screen.findByText('Authenticator app');
  return view;
}

const dialog = () => screen.getByRole('dialog');

/** The demo owner with the authenticator app on and one unused recovery code. */
function ownerWithApp() {
  const { owner } = demoHub();
  Object.assign(secondFactorsOf(mockDb, owner.id), {
    totpSecret: 'S', totpEnabledAt: mockDb.now(), recoveryCodes: [{ code: 'aaaa-bbbb', used: false }],
  });
  return owner;
}

/** The API's answer to a wrong part of a fresh proof (server/routes/two-factor/fresh-proof.test.ts), once, at `path`. */
function refuseProofOnce(path: string, field: 'password' | 'code', code: 'invalid_credentials' | 'invalid_code', message: string) {
  server.use(http.post(`*/api/v1/${path}`, () =>
    HttpResponse.json({ message, code, errors: { [field]: [message] } }, { status: 400 }), { once: true }));
}

describe('setting up the authenticator app', () => {
  /** Opens the set-up: the password, then the QR code and the key. */
  async function startSetup(user: ReturnType<typeof renderStill>['user']) {
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    await user.type(within(dialog()).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    return screen.findByRole('region', { name: 'Authenticator app set-up' });
  }

  it('asks for the password, then shows the QR code, the key to type by hand and a one-time-code field', async () => {
    await signInOwner();
    const setupBodies = captureBodies('/auth/two-factor/totp/setup/');
    const { user } = await open();
    const setup = await startSetup(user);
    expect(setupBodies).toEqual([{ password: MOCK_DEMO_ACCOUNT.password }]);
    expect(await within(setup).findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src', expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(within(setup).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    const code = within(setup).getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '000000');
    await user.click(within(setup).getByRole('button', { name: 'Turn on' }));
    expect(await within(setup).findByText(errorMessages.totpWrongCode)).toBeInTheDocument();
  });

  it('turns on with a code and shows the ten recovery codes once, until they are saved', async () => {
    await signInOwner();
    const { user } = await open();
    const setup = await startSetup(user);
    await user.type(within(setup).getByLabelText('Code from the app'), MOCK_TOTP_CODE);
    await user.click(within(setup).getByRole('button', { name: 'Turn on' }));

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes somewhere safe' }));
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument());
    expect(screen.getByText(/^On since/)).toBeInTheDocument();
    expect(screen.getByText(/10 codes left/)).toBeInTheDocument();
    // The signed-in user now has two-factor sign-in.
    expect(useAuthStore.getState().user?.two_factor_enabled).toBe(true);
  });

  it('shows a wrong password next to the field and keeps the dialog open', async () => {
    refuseProofOnce('auth/two-factor/totp/setup/', 'password', 'invalid_credentials', errorMessages.proofWrongPassword);
    await signInOwner();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    await user.type(within(dialog()).getByLabelText('Current password'), 'Wrong#123');
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog()).findByText('The password is incorrect.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Authenticator app set-up' })).not.toBeInTheDocument();
  });

  it('turns the app off with the password and a code, asked in the same dialog; the recovery codes go too when nothing else is left', async () => {
    const owner = ownerWithApp();
    const bodies = captureBodies('/auth/two-factor/totp/disable/');
    await signInOwner();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(within(dialog()).getByText('Your account has two-factor sign-in, so confirm with your second factor as well.')).toBeInTheDocument();
    await user.type(within(dialog()).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await user.type(within(dialog()).getByLabelText('Authentication or recovery code'), MOCK_TOTP_CODE);
    await user.click(within(dialog()).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
    expect(screen.queryByText(/codes left/)).not.toBeInTheDocument();
    expect(secondFactorsOf(mockDb, owner.id).totpEnabledAt).toBeNull();
    expect(bodies).toEqual([{ password: MOCK_DEMO_ACCOUNT.password, code: MOCK_TOTP_CODE }]);
  });

  it('asks for both before sending either, and shows a wrong code next to the code field, keeping the dialog open', async () => {
    ownerWithApp();
    refuseProofOnce('auth/two-factor/totp/disable/', 'code', 'invalid_code', errorMessages.proofWrongCode);
    const bodies = captureBodies('/auth/two-factor/totp/disable/');
    await signInOwner();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.type(within(dialog()).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await user.click(within(dialog()).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog()).findByText('Please enter your authentication or recovery code')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    const code = within(dialog()).getByLabelText('Authentication or recovery code');
    await user.type(code, '000000');
    await user.click(within(dialog()).getByRole('button', { name: 'Turn off' }));
    const wrong = await within(dialog()).findByText(errorMessages.proofWrongCode);
    // Next to its field (antd's help text of that item), not above the form.
    expect(code.closest('.ant-form-item')).toContainElement(wrong);
    expect(screen.getByText(/^On since/)).toBeInTheDocument();
  });

  it('makes new recovery codes after the password and a recovery code', async () => {
    ownerWithApp();
    await signInOwner();
    const { user } = await open();
    expect(screen.getByText(/1 code left/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    await user.type(within(dialog()).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await user.type(within(dialog()).getByLabelText('Authentication or recovery code'), 'aaaa-bbbb');
    await user.click(within(dialog()).getByRole('button', { name: 'Make new codes' }));
    expect(within(await screen.findByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Download .txt' })).toBeEnabled();
  });
});

describe('passkeys', () => {
  it('lists them with when they were last used; renames and removes one', async () => {
    const { owner } = demoHub();
    const factors = secondFactorsOf(mockDb, owner.id);
    factors.passkeys.push({ id: mockDb.newId(), credentialId: 'a', name: 'Chrome on macOS', createdAt: mockDb.now(), lastUsedAt: null });
    factors.recoveryCodes.push({ code: 'aaaa-bbbb', used: false });
    await signInOwner();
    const { user } = await open();
    const list = screen.getByRole('list', { name: 'Passkeys' });
    expect(within(list).getByText('Chrome on macOS')).toBeInTheDocument();
    expect(within(list).getByText(/Never used/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename Chrome on macOS' }));
    const name = within(dialog()).getByLabelText('Name');
    await user.clear(name);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Please enter Name')).toBeInTheDocument();
    await user.type(name, 'Work laptop');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(screen.getByRole('list', { name: 'Passkeys' })).findByText('Work laptop')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    await user.type(within(dialog()).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await user.type(within(dialog()).getByLabelText('Authentication or recovery code'), 'aaaa-bbbb');
    await user.click(within(dialog()).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Passkeys' })).not.toBeInTheDocument());
    expect(secondFactorsOf(mockDb, owner.id).passkeys).toEqual([]);
  });

  it('explains, in the dialog, when this browser cannot make a passkey', async () => {
    await signInOwner();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await user.type(within(dialog()).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog()).findByText('This browser cannot use passkeys. Try another browser, or use your password.')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
  it('offers the passkey instead of a code, after the password, in the same dialog', async () => {
    const { owner } = demoHub();
    secondFactorsOf(mockDb, owner.id).passkeys.push(
      { id: mockDb.newId(), credentialId: 'a', name: 'Chrome on macOS', createdAt: mockDb.now(), lastUsedAt: null },
    );
    const asked = captureBodies('/auth/two-factor/proof/passkey/options/');
    await signInOwner();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Remove Chrome on macOS' }));
    // No recovery codes left: the passkey is the only second factor, so there is no code field.
    expect(within(dialog()).queryByLabelText('Authentication or recovery code')).not.toBeInTheDocument();
    const withPasskey = within(dialog()).getByRole('button', { name: 'Remove passkey with your passkey' });
    await user.click(withPasskey);
    expect(await within(dialog()).findByText('Please enter your current password')).toBeInTheDocument();
    expect(asked).toEqual([]);

    await user.type(within(dialog()).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await user.click(withPasskey);
    expect(await within(dialog()).findByText('This browser cannot use passkeys. Try another browser, or use your password.')).toBeInTheDocument();
    expect(asked).toEqual([{}]);
    expect(secondFactorsOf(mockDb, owner.id).passkeys).toHaveLength(1);
  });
});

describe('sessions opened before two-factor sign-in', () => {
  it('offers to sign out every other session once it is on, in one click, and the session list follows', async () => {
    await signInOwner();
    const view = renderStill(<AccountSecurity />);
    await screen.findByText('Authenticator app');
    const sessions = await screen.findByRole('list', { name: 'Sessions' });
    const before = within(sessions).getAllByRole('listitem').length;
    expect(before).toBeGreaterThan(1);

    await view.user.click(screen.getByRole('button', { name: 'Set up' }));
    await view.user.type(within(dialog()).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await view.user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    const setup = await screen.findByRole('region', { name: 'Authenticator app set-up' });
    await view.user.type(within(setup).getByLabelText('Code from the app'), MOCK_TOTP_CODE);
    await view.user.click(within(setup).getByRole('button', { name: 'Turn on' }));
    await view.user.click(await screen.findByRole('checkbox', { name: 'I have saved my recovery codes somewhere safe' }));
    await view.user.click(screen.getByRole('button', { name: 'Done' }));

    const others = before - 1;
    expect(await screen.findByText(`You are still signed in on ${others} other ${others === 1 ? 'session' : 'sessions'}, opened before two-factor sign-in was on.`))
      .toBeInTheDocument();
    const revoked = captureBodies('/auth/sessions/revoke-others/');
    await view.user.click(screen.getByRole('button', { name: 'Sign out every other session' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out every other session' })).not.toBeInTheDocument());
    expect(revoked).toEqual([{}]);
    await waitFor(async () => expect(within(await screen.findByRole('list', { name: 'Sessions' })).getAllByRole('listitem')).toHaveLength(1));
  });
});

describe('a hub that requires two-factor sign-in', () => {
  it('says which hub requires it, and lifts the requirement once the app is on', async () => {
    const { hub } = demoHub();
    twoFactorData(mockDb).requiredHubs.push(hub.id);
    const member = await signInUser(addHubMember('mira@example.com', 'Mira Member', 'viewer'));
    expect(useAuthStore.getState().user?.two_factor_required).toBe(true);
    const { user } = await open();
    expect(screen.getByRole('alert')).toHaveTextContent(`${hub.name} requires two-factor sign-in. Set it up to continue.`);

    await user.click(screen.getByRole('button', { name: 'Set up' }));
    await user.type(within(dialog()).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    const setup = await screen.findByRole('region', { name: 'Authenticator app set-up' });
    await user.type(within(setup).getByLabelText('Code from the app'), MOCK_TOTP_CODE);
    await user.click(within(setup).getByRole('button', { name: 'Turn on' }));
    await user.click(await screen.findByRole('checkbox', { name: 'I have saved my recovery codes somewhere safe' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(await screen.findByText('Two-factor sign-in is on. You can use your hub again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect(useAuthStore.getState().user?.two_factor_required).toBe(false);
    expect(secondFactorsOf(mockDb, member.id).totpEnabledAt).not.toBeNull();
  });
});

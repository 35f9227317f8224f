import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockDb, server } from '@/mocks/node';
import { MOCK_DEMO_ACCOUNT } from '@/mocks/state';
import { MOCK_TOTP_CODE, secondFactorsOf, twoFactorData } from '@/mocks/two-factor-state';
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
    expect(await within(setup).findByText('That code is not right.')).toBeInTheDocument();
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
    await signInOwner();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    await user.type(within(dialog()).getByLabelText('Current password'), 'Wrong#123');
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog()).findByText('The password is incorrect.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Authenticator app set-up' })).not.toBeInTheDocument();
  });

  it('turns the app off with the password; the recovery codes go too when nothing else is left', async () => {
    const { owner } = demoHub();
    Object.assign(secondFactorsOf(mockDb, owner.id), {
      totpSecret: 'S', totpEnabledAt: mockDb.now(), recoveryCodes: [{ code: 'aaaa-bbbb', used: false }],
    });
    await signInOwner();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.type(within(dialog()).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await user.click(within(dialog()).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
    expect(screen.queryByText(/codes left/)).not.toBeInTheDocument();
    expect(secondFactorsOf(mockDb, owner.id).totpEnabledAt).toBeNull();
  });

  it('makes new recovery codes after the password', async () => {
    const { owner } = demoHub();
    Object.assign(secondFactorsOf(mockDb, owner.id), {
      totpSecret: 'S', totpEnabledAt: mockDb.now(), recoveryCodes: [{ code: 'aaaa-bbbb', used: false }],
    });
    await signInOwner();
    const { user } = await open();
    expect(screen.getByText(/1 code left/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    await user.type(within(dialog()).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await user.click(within(dialog()).getByRole('button', { name: 'Make new codes' }));
    expect(within(await screen.findByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Download .txt' })).toBeEnabled();
  });
});

describe('passkeys', () => {
  it('lists them with when they were last used; renames and removes one', async () => {
    const { owner } = demoHub();
    secondFactorsOf(mockDb, owner.id).passkeys.push(
      { id: mockDb.newId(), credentialId: 'a', name: 'Chrome on macOS', createdAt: mockDb.now(), lastUsedAt: null },
    );
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

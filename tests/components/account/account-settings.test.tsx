import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountSettings } from '@/components/account/AccountSettings';
import { MOCK_DEMO_ACCOUNT, MOCK_VERIFICATION_CODE } from '@/mocks/state';
import { mockDb, server } from '@/mocks/node';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach, signInAs } from '@/tests/render';
import { resetRouter } from '@/tests/router';
import { renderStill } from '@/tests/components/spaces/fixtures';

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/account'));

let counter = 0;
async function renderPage() {
  counter += 1;
  const person = await signInAs({ email: `ada${counter}@example.com`, name: 'Ada Lovelace', profile: true });
  return { person, ...renderStill(<AccountSettings />) };
}
const panel = (name: string) => screen.getByRole('region', { name });

describe('the profile', () => {
  it('saves the name and job role and says so', async () => {
    const { user } = await renderPage();
    const profile = panel('Profile');
    const name = within(profile).getByLabelText('Name');
    expect(name).toHaveValue('Ada Lovelace');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.type(within(profile).getByLabelText('About'), 'Writes the first programs.');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(useAuthStore.getState().user).toMatchObject({ name: 'Ada King', profile: { about: 'Writes the first programs.' } });
  });

  it('puts a bad value\'s message next to its field and sends nothing', async () => {
    const { user } = await renderPage();
    let sent = 0;
    server.use(http.patch('*/api/v1/auth/profile/', () => { sent += 1; return HttpResponse.json({}); }));
    const profile = panel('Profile');
    await user.clear(within(profile).getByLabelText('Name'));
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText('Please enter Name')).toBeInTheDocument();
    expect(sent).toBe(0);
  });

  it('keeps what was typed when the save fails', async () => {
    const { user } = await renderPage();
    server.use(http.patch('*/api/v1/auth/profile/', () => HttpResponse.json({ message: 'Something went wrong on our side.', code: 'internal_error' }, { status: 500 })));
    const profile = panel('Profile');
    const name = within(profile).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ada Byron');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(name).toHaveValue('Ada Byron');
    expect(useAuthStore.getState().user?.name).toBe('Ada Lovelace');
  });
});

describe('the email', () => {
  it('changes in two steps: the new address and password, then the mailed code', async () => {
    const { user } = await renderPage();
    const email = panel('Email');
    await user.click(within(email).getByRole('button', { name: 'Change email' }));
    await user.type(within(email).getByLabelText('New email'), 'ada.new@example.com');
    await user.type(within(email).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await user.click(within(email).getByRole('button', { name: 'Send a code' }));
    expect(await within(email).findByText(/We sent a 6-digit code to/)).toHaveTextContent('ada.new@example.com');

    await user.type(within(email).getByLabelText('Code'), '000000');
    await user.click(within(email).getByRole('button', { name: 'Confirm new email' }));
    expect(await within(email).findByText('The code is incorrect. You have 4 tries left.')).toBeInTheDocument();

    await user.clear(within(email).getByLabelText('Code'));
    await user.type(within(email).getByLabelText('Code'), MOCK_VERIFICATION_CODE);
    await user.click(within(email).getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText('Your email is now ada.new@example.com.')).toBeInTheDocument();
    expect(within(email).getByText(/You sign in with/)).toHaveTextContent('ada.new@example.com');
    expect(useAuthStore.getState().user?.email).toBe('ada.new@example.com');
  });

  it('shows a wrong password next to its field and keeps the address typed', async () => {
    const { user } = await renderPage();
    const email = panel('Email');
    await user.click(within(email).getByRole('button', { name: 'Change email' }));
    await user.type(within(email).getByLabelText('New email'), 'ada.other@example.com');
    await user.type(within(email).getByLabelText('Current password'), 'Wr0ng!pass');
    await user.click(within(email).getByRole('button', { name: 'Send a code' }));
    expect(await within(email).findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(within(email).getByLabelText('New email')).toHaveValue('ada.other@example.com');
  });
});

describe('the password', () => {
  it('checks the rules and the confirmation before sending, then changes it and clears the form', async () => {
    const { user } = await renderPage();
    const password = panel('Password');
    await user.type(within(password).getByLabelText('Current password'), MOCK_DEMO_ACCOUNT.password);
    await user.type(within(password).getByLabelText('New password'), 'short');
    await user.type(within(password).getByLabelText('Confirm new password'), 'other');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('New password must be at least 8 characters')).toBeInTheDocument();
    expect(within(password).getByText('The two passwords do not match')).toBeInTheDocument();

    await user.clear(within(password).getByLabelText('New password'));
    await user.type(within(password).getByLabelText('New password'), 'N3w!Passw0rd');
    await user.clear(within(password).getByLabelText('Confirm new password'));
    await user.type(within(password).getByLabelText('Confirm new password'), 'N3w!Passw0rd');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    await waitFor(() => expect(within(password).getByLabelText('Current password')).toHaveValue(''));
    expect(mockDb.data.users.find((u) => u.name === 'Ada Lovelace' && u.password === 'N3w!Passw0rd')).toBeDefined();
  });

  it('shows a wrong current password next to its field', async () => {
    const { user } = await renderPage();
    const password = panel('Password');
    await user.type(within(password).getByLabelText('Current password'), 'Wr0ng!pass');
    await user.type(within(password).getByLabelText('New password'), 'N3w!Passw0rd');
    await user.type(within(password).getByLabelText('Confirm new password'), 'N3w!Passw0rd');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('The current password is incorrect.')).toBeInTheDocument();
  });
});

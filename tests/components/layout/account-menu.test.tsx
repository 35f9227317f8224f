import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountMenu } from '@/components/layout/AccountMenu';
import { PersonAvatar } from '@/components/common/PersonAvatar';
import { mockDb } from '@/mocks/node';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach, signInAs } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { renderStill } from '@/tests/components/spaces/fixtures';

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/'));

describe('the account menu', () => {
  it('shows the same two initials as every other avatar of the person', async () => {
    await signInAs({ email: 'ada.menu@example.com', name: 'Ada Lovelace', profile: true });
    renderStill(
      <>
        <AccountMenu />
        <div data-testid="elsewhere"><PersonAvatar name="Ada Lovelace" /></div>
      </>,
    );
    // The initials it shows are part of its name too.
    const button = screen.getByRole('button', { name: 'Account menu, AL' });
    expect(within(button).getByText('AL')).toBeInTheDocument();
    expect(within(screen.getByTestId('elsewhere')).getByText('AL')).toBeInTheDocument();
  });

  it('opens on who is signed in (name, job role, email), then account settings, security and sign out', async () => {
    await signInAs({ email: 'ada.card@example.com', name: 'Ada Lovelace', profile: true });
    const { user } = renderStill(<AccountMenu />);
    await user.click(screen.getByRole('button', { name: 'Account menu, AL' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^ALAda LovelaceSoftware Engineerada\.card@example\.com$/),
      expect.stringContaining('Account settings'),
      expect.stringContaining('Sign-in and security'),
      expect.stringContaining('Sign out'),
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: /Account settings/ }));
    expect(mockRouter.push).toHaveBeenCalledWith('/account');
  });

  it('shows the photo instead of the initials once there is one', async () => {
    const person = await signInAs({ email: 'ada.photo@example.com', name: 'Ada Lovelace', profile: true });
    const photo = 'data:image/png;base64,iVBORw0KGgo=';
    mockDb.data.users.find((u) => u.id === person.id)!.photoUrl = photo;
    await useAuthStore.getState().loadUser();
    renderStill(<AccountMenu />);
    const button = screen.getByRole('button', { name: 'Account menu' });
    expect(button.querySelector('img')).toHaveAttribute('src', photo);
    expect(within(button).queryByText('AL')).not.toBeInTheDocument();
  });
});

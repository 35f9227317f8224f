import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockDb, server } from '@/mocks/node';
import { secondFactorsOf, twoFactorData } from '@/mocks/two-factor-state';
import HubSettingsPage from '@/pages/hub/settings';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { resetRouter } from '@/tests/router';
import { addHubMember, demoHub, renderStill, signInOwner, signInUser } from '@/tests/components/spaces/fixtures';

vi.mock('next/router', () => import('@/tests/router'));

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/hub/settings'));
afterEach(() => server.events.removeAllListeners());

/** Hub settings on the tab the address names. */
async function openSettings(tab: 'security' | 'members') {
  resetRouter('/hub/settings', { tab });
  const view = renderStill(<HubSettingsPage />);
  await screen.findByRole('heading', { level: 1, name: 'Hub settings' });
  return view;
}

const security = () => screen.getByRole('region', { name: 'Security' });

describe('the hub\'s Security panel', () => {
  it('keeps the switch off until the owner has two-factor sign-in, and says how to get it', async () => {
    addHubMember('nina@example.com', 'Nina Noauth', 'viewer');
    await signInOwner();
    await openSettings('security');
    const panel = security();
    const toggle = await within(panel).findByRole('switch');
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(within(panel).getByText('2 members have not set up two-factor sign-in.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'set up two-factor sign-in' })).toHaveAttribute('href', '/account/security');
  });

  it('lets an owner with two-factor require it; the count says who is kept out, and the members list who has it', async () => {
    const { hub, owner } = demoHub();
    secondFactorsOf(mockDb, owner.id).totpEnabledAt = mockDb.now();
    addHubMember('nina@example.com', 'Nina Noauth', 'viewer');
    await signInOwner();
    const { user } = await openSettings('security');
    const panel = security();
    const toggle = await within(panel).findByRole('switch');
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    expect(await within(panel).findByText('1 member has not set up two-factor sign-in and cannot open the hub until they do.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(twoFactorData(mockDb).requiredHubs).toEqual([hub.id]);

    await user.click(screen.getByRole('tab', { name: 'Members' }));
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(within(members).getByRole('listitem', { name: 'Nina Noauth' })).getByText('No two-factor')).toBeInTheDocument();
    expect(within(members).getByText('Two-factor on')).toBeInTheDocument();
  });

  it('is not shown to members who do not own the hub, and they see nobody\'s two-factor state', async () => {
    await signInUser(addHubMember('ed@example.com', 'Ed Editor', 'editor'));
    await openSettings('members');
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('tab', { name: 'Security' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Security' })).not.toBeInTheDocument();
    expect(screen.queryByText('No two-factor')).not.toBeInTheDocument();
    expect(screen.queryByText('Two-factor on')).not.toBeInTheDocument();
  });
});

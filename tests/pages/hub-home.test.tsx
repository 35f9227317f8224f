import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/mocks/node';
import HubHomePage from '@/pages/index';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { renderWithApp, resetAuthAfterEach, signInAs } from '@/tests/render';
import { resetRouter } from '@/tests/router';

vi.mock('next/router', () => import('@/tests/router'));

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/'));

const panel = (name: string) => screen.getByRole('region', { name });

/** The page loads its panels on demand: resolves once they are on screen (the first import takes a while under test). */
async function renderHome() {
  const view = renderWithApp(<HubHomePage />);
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return view;
}

describe('hub home', () => {
  beforeEach(async () => {
    await signInAs({ email: 'lin@acme.io', name: 'Lin Chen', hub: { name: 'Acme Research', domainHandle: 'acme-research' } });
  });

  it('shows the hub with its handle and visibility', async () => {
    await renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Research' })).toBeInTheDocument();
    expect(screen.getByText('@acme-research · 1 member')).toBeInTheDocument();
    expect(screen.getByText('Shared')).toBeInTheDocument();
  });

  it('shows the signed-in member with their job role and hub role', async () => {
    await renderHome();
    const you = panel('You');
    expect(within(you).getByText('Lin Chen')).toBeInTheDocument();
    expect(within(you).getByText('Software Engineer')).toBeInTheDocument();
    expect(within(you).getByText('lin@acme.io')).toBeInTheDocument();
    expect(within(you).getByText('Owner')).toBeInTheDocument();
  });

  it('shows the plan with its status, price in rupees and usage', async () => {
    await renderHome();
    const plan = panel('Plan');
    expect(within(plan).getByText('Free')).toBeInTheDocument();
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('₹0.00 / month')).toBeInTheDocument();
    expect(within(plan).getByText('1 of 10')).toBeInTheDocument();
    expect(within(plan).getByText('0 of 5')).toBeInTheDocument();
    expect(within(plan).getByText('0 B of 1 GB')).toBeInTheDocument();
    expect(within(plan).getByRole('progressbar', { name: 'Members: 1 of 10' })).toHaveAttribute('aria-valuenow', '10');
  });

  it('shows the hub’s spaces panel, empty at first, with a way to create one', async () => {
    await renderHome();
    const spaces = panel('Spaces');
    expect(await within(spaces).findByText('No spaces yet')).toBeInTheDocument();
    expect(within(spaces).getByRole('button', { name: 'New space' })).toBeEnabled();
  });

  it('offers to load the plan again when it could not be loaded', async () => {
    useAuthStore.setState({ subscription: null });
    server.use(http.get('*/api/v1/wallet/subscription-detail/', () => HttpResponse.error(), { once: true }));
    const { user } = await renderHome();
    await user.click(within(panel('Plan')).getByRole('button', { name: 'Try again' }));
    expect(await within(panel('Plan')).findByText('Network Error')).toBeInTheDocument();
    await user.click(within(panel('Plan')).getByRole('button', { name: /Try again/ }));
    expect(await within(panel('Plan')).findByText('Free')).toBeInTheDocument();
  });
});

describe('hub home without a hub', () => {
  it('points to creating one instead of showing an empty page', async () => {
    await signInAs({ email: 'solo@nowhere.dev', name: 'Solo', profile: true });
    await renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'You are not in a hub yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a hub' })).toHaveAttribute('href', '/create-hub');
  });
});

import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/mocks/node';
import BillingPage from '@/pages/hub/billing';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { renderWithApp, resetAuthAfterEach, signInAs } from '@/tests/render';
import { resetRouter } from '@/tests/router';

vi.mock('next/router', () => import('@/tests/router'));

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/hub/billing'));

describe('billing page', () => {
  beforeEach(async () => {
    await signInAs({ email: 'lin@acme.io', name: 'Lin Chen', hub: { name: 'Acme Research', domainHandle: 'acme-research' } });
  });

  it('shows the usage against the plan, loaded fresh', async () => {
    renderWithApp(<BillingPage />);
    const usage = screen.getByRole('region', { name: 'Usage' });
    expect(await within(usage).findByText('1 of 10')).toBeInTheDocument();
    expect(within(usage).getByText('0 of 5')).toBeInTheDocument();
  });

  it('lists every plan in rupees and marks the hub’s own', () => {
    renderWithApp(<BillingPage />);
    const free = screen.getByRole('listitem', { name: 'Free' });
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
    expect(within(free).getByText('₹0.00 / month')).toBeInTheDocument();
    const team = screen.getByRole('listitem', { name: 'Team' });
    expect(within(team).getByText('₹2,499.00 / month')).toBeInTheDocument();
    expect(within(team).queryByText('Current plan')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Business' })).toHaveTextContent('500 members');
  });

  it('says so when the usage cannot be loaded, and loads again on request', async () => {
    server.use(http.get('*/api/v1/wallet/subscription-detail/', () =>
      HttpResponse.json({ message: 'Service unavailable.', code: 'internal_error' }, { status: 503 })));
    renderWithApp(<BillingPage />);
    expect(await screen.findByText(/We could not load this hub’s usage/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Home } from '@/lib/contract/home';
import { server } from '@/mocks/node';
import HubHomePage from '@/pages/index';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { renderWithApp, resetAuthAfterEach, signInAs } from '@/tests/render';
import { resetRouter } from '@/tests/router';
import { seedContent } from '@/tests/components/contents/fixtures';
import { addHubMember, seedSpace, signInOwner, signInUser } from '@/tests/components/spaces/fixtures';

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
  it('shows the hub with its handle and visibility, and no longer the “you” or plan cards', async () => {
    await signInAs({ email: 'lin@acme.io', name: 'Lin Chen', hub: { name: 'Acme Research', domainHandle: 'acme-research' } });
    await renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Research' })).toBeInTheDocument();
    expect(screen.getByText('@acme-research · 1 member')).toBeInTheDocument();
    expect(screen.getByText('Shared')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'You' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Plan' })).not.toBeInTheDocument();
  });

  it('leads with the items changed last, each opening in its space, then meetings, then the spaces', async () => {
    const design = seedSpace({ name: 'Design reviews' });
    const hiring = seedSpace({ name: 'Hiring' });
    seedContent(design, { name: 'Brief.txt' });
    const latest = seedContent(hiring, { name: 'Interview plan.txt' });
    await signInOwner();
    await renderHome();
    const recent = panel('Recent');
    // Not the loading placeholder's lines, which are list items too.
    const items = within(await within(recent).findByRole('list', { name: 'Recent items' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      expect.stringContaining('Interview plan.txt'),
      expect.stringContaining('Brief.txt'),
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', `/spaces/${hiring.id}?content=${latest.id}`);
    expect(within(items[0]!).getByText(/^Hiring · /)).toBeInTheDocument();
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(regions.indexOf('Recent')).toBeLessThan(regions.indexOf('Meetings now'));
    expect(regions.indexOf('Meetings now')).toBeLessThan(regions.indexOf('Spaces'));
  });

  it('lists the meetings going on now, with who is in them and a way to join', async () => {
    const live: Home = {
      recent_contents: [],
      space_count: 1,
      live_meetings: [{
        code: 'abc-defg-hij',
        space: { id: 's1', name: 'Design reviews' },
        started_by: { id: 'u1', name: 'Ada Lovelace' },
        started_at: '2026-01-01T10:00:00.000Z',
        participant_count: 2,
        participants: [{ id: 'u1', name: 'Ada Lovelace' }, { id: 'u2', name: 'Lin Chen' }],
      }],
    };
    server.use(http.get('*/api/v1/home/', () => HttpResponse.json({ data: live })));
    await signInOwner();
    await renderHome();
    const meetings = panel('Meetings now');
    expect(await within(meetings).findByText('Meeting in Design reviews')).toBeInTheDocument();
    expect(within(meetings).getByText('Ada Lovelace and Lin Chen · 2 people')).toBeInTheDocument();
    expect(within(meetings).getByRole('link', { name: 'Join the meeting in Design reviews' })).toHaveAttribute('href', '/meet/abc-defg-hij');
    expect(within(meetings).getByRole('button', { name: /Start a meeting/ })).toBeInTheDocument();
  });

  it('tells a new hub’s owner to start with a space', async () => {
    await signInOwner();
    await renderHome();
    const recent = panel('Recent');
    expect(await within(recent).findByRole('heading', { name: 'Start with a space' })).toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: 'Go to Spaces' })).toHaveAttribute('href', '#spaces');
    expect(within(panel('Meetings now')).getByText('Nobody is in a meeting right now.')).toBeInTheDocument();
    const spaces = panel('Spaces');
    expect(await within(spaces).findByText('No spaces yet')).toBeInTheDocument();
    expect(within(spaces).getByRole('button', { name: 'New space' })).toBeEnabled();
  });

  it('tells someone with spaces but no items to upload or write one', async () => {
    seedSpace({ name: 'Design reviews' });
    await signInOwner();
    await renderHome();
    const recent = panel('Recent');
    expect(await within(recent).findByRole('heading', { name: 'Nothing here yet' })).toBeInTheDocument();
    expect(within(recent).getByText(/upload a file or write a note/)).toBeInTheDocument();
  });

  it('tells a viewer with no space to join one rather than create it', async () => {
    await signInUser(addHubMember('vic@example.com', 'Vic Viewer', 'viewer'));
    await renderHome();
    const recent = panel('Recent');
    expect(await within(recent).findByText(/Join one under Spaces/)).toBeInTheDocument();
    expect(within(recent).queryByRole('link', { name: 'Go to Spaces' })).not.toBeInTheDocument();
  });

  it('offers to load again what could not be loaded', async () => {
    server.use(http.get('*/api/v1/home/', () => HttpResponse.error(), { once: true }));
    await signInOwner();
    const { user } = await renderHome();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await within(panel('Recent')).findByRole('heading', { name: 'Start with a space' })).toBeInTheDocument();
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

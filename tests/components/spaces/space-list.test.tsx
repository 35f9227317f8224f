import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpaceList } from '@/components/spaces/SpaceList';
import { SEARCH_DELAY_MS } from '@/components/ui/useDebouncedValue';
import { server } from '@/mocks/node';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, resetAuthAfterEach } from '@/tests/render';
import { resetRouter } from '@/tests/router';
import { addHubMember, renderStill, seedSpace, signInOwner, signInUser } from './fixtures';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());
beforeEach(() => resetRouter('/'));

/** The query strings of every spaces/ list request, in order. */
function watchListRequests() {
  const queries: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname.endsWith('/api/v1/spaces/')) queries.push(url.searchParams);
  });
  return queries;
}

const cards = () => screen.getAllByRole('article');
const cardOf = (name: string) => screen.getByRole('article', { name });

describe('spaces list', () => {
  it('shows the empty state with "New space" to an owner', async () => {
    await signInOwner();
    renderStill(<SpaceList />);
    expect(await screen.findByText('No spaces yet')).toBeInTheDocument();
    expect(screen.getByText(/Create the first one/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New space' })).toBeEnabled();
    // No search box over an empty hub.
    expect(screen.queryByRole('textbox', { name: 'Search spaces' })).not.toBeInTheDocument();
  });

  it('hides "New space" from a viewer, and says who can create one', async () => {
    await signInUser(addHubMember('vic@example.com', 'Vic Viewer', 'viewer'));
    renderStill(<SpaceList />);
    expect(await screen.findByText('No spaces yet')).toBeInTheDocument();
    expect(screen.getByText(/An editor or owner of the hub can create the first one/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New space' })).not.toBeInTheDocument();
  });

  it('shows each space with its visibility, member count and the user’s role', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    seedSpace({ name: 'Design reviews', description: 'Crits every Friday.', visibility: 'public' });
    seedSpace({ name: 'Roadmap', visibility: 'shared', members: [[vic, 'editor']] });
    await signInUser(vic);
    renderStill(<SpaceList />);
    await screen.findByRole('article', { name: 'Roadmap' });
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['Roadmap', 'Design reviews']);

    const design = cardOf('Design reviews');
    expect(within(design).getByRole('link', { name: 'Design reviews' })).toHaveAttribute('href', expect.stringMatching(/^\/spaces\//));
    expect(within(design).getByText('Crits every Friday.')).toBeInTheDocument();
    expect(within(design).getByText('Everyone')).toBeInTheDocument();
    expect(within(design).getByText('1 member')).toBeInTheDocument();
    expect(within(design).getByText('Not a member')).toBeInTheDocument();
    expect(within(design).getByRole('button', { name: 'Join Design reviews' })).toBeEnabled();

    const roadmap = cardOf('Roadmap');
    expect(within(roadmap).getByText('Shared')).toBeInTheDocument();
    expect(within(roadmap).getByText('You: Editor')).toBeInTheDocument();
    expect(within(roadmap).queryByRole('button')).not.toBeInTheDocument();
  });

  it('joins a public space in one click and shows the new membership', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    seedSpace({ name: 'Design reviews', visibility: 'public' });
    await signInUser(vic);
    const { user } = renderStill(<SpaceList />);
    await user.click(await screen.findByRole('button', { name: 'Join Design reviews' }));
    await waitFor(() => expect(within(cardOf('Design reviews')).getByText('You: Viewer')).toBeInTheDocument());
    expect(within(cardOf('Design reviews')).getByText('2 members')).toBeInTheDocument();
    expect(within(cardOf('Design reviews')).queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
  });

  it('loads ten at a time and offers "Load more" only while a page comes back full', async () => {
    for (let i = 1; i <= 12; i += 1) seedSpace({ name: `Space ${String(i).padStart(2, '0')}` });
    await signInOwner();
    const queries = watchListRequests();
    const { user } = renderStill(<SpaceList />);
    await screen.findByRole('article', { name: 'Space 12' });
    expect(cards()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Space 01' });
    expect(cards()).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(queries.map((q) => [q.get('page'), q.get('page_size')])).toEqual([['1', '10'], ['2', '10']]);
  });

  it('shows no "Load more" when the first page is not full', async () => {
    for (let i = 1; i <= 3; i += 1) seedSpace({ name: `Space ${i}` });
    await signInOwner();
    renderStill(<SpaceList />);
    await screen.findByRole('article', { name: 'Space 1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('searches once the user pauses typing, not on every key', async () => {
    seedSpace({ name: 'Design reviews' });
    seedSpace({ name: 'Roadmap', description: 'What ships next.' });
    await signInOwner();
    const queries = watchListRequests();
    const { user } = renderStill(<SpaceList />);
    await screen.findByRole('article', { name: 'Roadmap' });
    await user.type(screen.getByRole('textbox', { name: 'Search spaces' }), 'road');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Design reviews' })).not.toBeInTheDocument(), {
      timeout: SEARCH_DELAY_MS + 5_000,
    });
    await screen.findByRole('article', { name: 'Roadmap' });
    expect(cards()).toHaveLength(1);
    expect(queries.map((q) => q.get('search'))).toEqual([null, 'road']);
  });

  it('says so when nothing matches, and keeps the filters to change', async () => {
    seedSpace({ name: 'Design reviews' });
    await signInOwner();
    const { user } = renderStill(<SpaceList />);
    await screen.findByRole('article', { name: 'Design reviews' });
    await user.type(screen.getByRole('textbox', { name: 'Search spaces' }), 'zebra');
    expect(await screen.findByText('No spaces match')).toBeInTheDocument();
    expect(screen.queryByText('No spaces yet')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search spaces' })).toHaveValue('zebra');
  });

  it('filters to the user’s own spaces and by visibility', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    seedSpace({ name: 'Open house', visibility: 'public' });
    seedSpace({ name: 'Roadmap', visibility: 'shared', members: [[vic, 'viewer']] });
    seedSpace({ name: 'Team lunch', visibility: 'public', members: [[vic, 'editor']] });
    await signInUser(vic);
    const queries = watchListRequests();
    const { user } = renderStill(<SpaceList />);
    await screen.findByRole('article', { name: 'Open house' });

    await user.click(screen.getByText('Mine'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Open house' })).not.toBeInTheDocument());
    expect(cards()).toHaveLength(2);

    await user.click(screen.getByRole('combobox', { name: 'Visibility filter' }));
    await user.click(await screen.findByTitle('Shared'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Team lunch' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Roadmap' })).toBeInTheDocument();
    expect(Object.fromEntries(queries.at(-1) ?? [])).toMatchObject({ mine: 'true', visibility: 'shared', page: '1' });
  });

  it('shows a failed load and loads again on request', async () => {
    seedSpace({ name: 'Design reviews' });
    await signInOwner();
    server.use(http.get('*/api/v1/spaces/', () => HttpResponse.error(), { once: true }));
    const { user } = renderStill(<SpaceList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the spaces. Network Error');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Design reviews' })).toBeInTheDocument();
  });

  it('keeps the loaded spaces when the next page fails, and retries it', async () => {
    for (let i = 1; i <= 11; i += 1) seedSpace({ name: `Space ${String(i).padStart(2, '0')}` });
    await signInOwner();
    const { user } = renderStill(<SpaceList />);
    await screen.findByRole('article', { name: 'Space 11' });
    server.use(http.get('*/api/v1/spaces/', () => HttpResponse.error(), { once: true }));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('We could not load more. Network Error')).toBeInTheDocument();
    expect(cards()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Space 01' })).toBeInTheDocument();
    expect(cards()).toHaveLength(11);
  });

  it('disables the join buttons while a join is running and shows a refusal', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    seedSpace({ name: 'Design reviews' });
    seedSpace({ name: 'Open house' });
    await signInUser(vic);
    const gate = deferred();
    server.use(
      http.post('*/api/v1/spaces/:id/join/', async () => {
        await gate.promise;
        return HttpResponse.json({ message: 'Only spaces open to everyone can be joined.', code: 'forbidden' }, { status: 403 });
      }),
    );
    const { user } = renderStill(<SpaceList />);
    await user.click(await screen.findByRole('button', { name: 'Join Design reviews' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join Open house' })).toBeDisabled());
    gate.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only spaces open to everyone can be joined.');
    expect(screen.getByRole('button', { name: 'Join Open house' })).toBeEnabled();
  });
});

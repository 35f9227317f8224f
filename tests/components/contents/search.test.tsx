import { http, HttpResponse } from 'msw';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HubSearch } from '@/components/contents/search/HubSearch';
import { Snippet } from '@/components/contents/search/Snippet';
import { SEARCH_DELAY_MS } from '@/components/ui/useDebouncedValue';
import { HeaderSearch } from '@/components/layout/HeaderSearch';
import { server } from '@/mocks/node';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { addHubMember, renderStill, seedSpace, signInOwner } from '../spaces/fixtures';
import { findDialog, renderContentArea, seedContent } from './fixtures';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());
beforeEach(() => resetRouter('/search'));

/** The query strings of every search/ request, in order. */
function watchSearches() {
  const queries: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/api/v1/search/')) queries.push(url.searchParams);
  });
  return queries;
}

const results = () => within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem');
// The debounce, then the answer: generous, since the suite shares the machine with others.
const wait = { timeout: SEARCH_DELAY_MS + 5_000 };

describe('search', { timeout: 30_000 }, () => {
  it('marks the matched parts of a snippet and renders every part as text', () => {
    const { container } = render(
      <Snippet
        parts={[
          { text: '…the ', match: false },
          { text: 'budget', match: true },
          { text: ' is <b>final</b> <img src=x onerror=alert(1)>', match: false },
        ]}
      />,
    );
    const marks = container.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['budget']);
    expect(container.querySelector('b, img')).toBeNull();
    expect(container.textContent).toBe('…the budget is <b>final</b> <img src=x onerror=alert(1)>');
  });

  it('shows the spaces and people whose names match above the results, each a link', async () => {
    const office = seedSpace({ name: 'Walrus office' });
    addHubMember('wally@example.com', 'Wally Walrus', 'viewer');
    seedContent(office, { name: 'walrus facts.txt', body: 'Tusks.' });
    await signInOwner();
    const { user } = renderStill(<HubSearch />);
    await user.type(screen.getByRole('textbox', { name: 'Search the hub' }), 'walrus');
    const spaces = await screen.findByRole('region', { name: 'Spaces' }, wait);
    expect(within(spaces).getByRole('link', { name: 'Walrus office' })).toHaveAttribute('href', `/spaces/${office.id}`);
    const people = screen.getByRole('region', { name: 'People' });
    expect(within(people).getByRole('link', { name: 'Wally Walrus' })).toHaveAttribute('href', '/hub/settings?tab=members');
    await waitFor(() => expect(results()).toHaveLength(1), wait);

    await user.clear(screen.getByRole('textbox', { name: 'Search the hub' }));
    await user.type(screen.getByRole('textbox', { name: 'Search the hub' }), 'tusks');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Spaces' })).not.toBeInTheDocument(), wait);
    expect(screen.queryByRole('region', { name: 'People' })).not.toBeInTheDocument();
  });

  // The mock finds items by name and echoes the name as the snippet; matching and marking are the API's (server/routes/search).
  it('finds content across the hub’s spaces, with the space and kind', async () => {
    const roadmap = seedSpace({ name: 'Roadmap' });
    const finance = seedSpace({ name: 'Finance' });
    seedContent(roadmap, { name: 'Q3 budget plan.txt', body: 'The budget for Q3 is final and signed.' });
    seedContent(finance, { name: 'Budget.csv', kind: 'table', body: 'rent 400' });
    seedContent(finance, { name: 'notes.txt', body: 'Nothing to see here.' });
    seedContent(finance, { name: 'budget draft.txt', status: 'processing', body: 'budget' });
    await signInOwner();
    const queries = watchSearches();
    const { user } = renderStill(<HubSearch />);
    expect(screen.getByText('Find anything in your spaces')).toBeInTheDocument();
    expect(queries).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Search the hub' }), 'budget');
    await waitFor(() => expect(results()).toHaveLength(2), wait);
    expect(screen.getByText('2 results')).toBeInTheDocument();
    expect(queries.map((q) => q.get('q'))).toEqual(['budget']);

    const plan = screen.getByRole('article', { name: 'Q3 budget plan.txt' });
    expect(within(plan).getByText('Roadmap')).toBeInTheDocument();
    expect(within(plan).getByText('Document')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Budget.csv' })).getByText('Finance')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Kind filter' }));
    await user.click(await screen.findByTitle('Tables'));
    await waitFor(() => expect(results()).toHaveLength(1));
    expect(queries.at(-1)?.get('kind')).toBe('table');
    expect(mockRouter.replace).toHaveBeenLastCalledWith('/search?q=budget&kind=table', undefined, { shallow: true, scroll: false });

    await user.click(within(screen.getByRole('article', { name: 'Budget.csv' })).getByRole('button', { name: 'Budget.csv' }));
    expect(mockRouter.push).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^/spaces/${finance.id}\\?content=`)));
  });

  it('starts from the query in the address and pages ten at a time', async () => {
    const space = seedSpace({ name: 'Archive' });
    for (let i = 1; i <= 12; i += 1) seedContent(space, { name: `Minutes ${String(i).padStart(2, '0')}.txt`, body: 'Quarterly review minutes.' });
    await signInOwner();
    resetRouter('/search', { q: 'minutes' });
    const { user } = renderStill(<HubSearch />);
    expect(screen.getByRole('textbox', { name: 'Search the hub' })).toHaveValue('minutes');
    await waitFor(() => expect(results()).toHaveLength(10), wait);
    expect(screen.getByText('12 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(results()).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says "1,000+ results" when the count stopped at its cap', async () => {
    seedContent(seedSpace({ name: 'Archive' }), { name: 'Minutes.txt', body: 'Quarterly review minutes.' });
    await signInOwner();
    resetRouter('/search', { q: 'minutes' });
    // The mock's own answer, with the count the API gives when more than its cap match.
    server.use(http.get('*/api/v1/search/', async ({ request }) => {
      const page = await (await fetch(request.url, { headers: request.headers })).json() as Record<string, unknown>;
      return HttpResponse.json({ ...page, count: 1000, count_is_capped: true });
    }, { once: true }));
    renderStill(<HubSearch />);
    await waitFor(() => expect(results()).toHaveLength(1), wait);
    expect(screen.getByText('1,000+ results')).toBeInTheDocument();
  });

  it('says when nothing matches, and when the search failed', async () => {
    seedContent(seedSpace({ name: 'Roadmap' }), { name: 'plan.txt', body: 'hello' });
    await signInOwner();
    server.use(http.get('*/api/v1/search/', () => HttpResponse.error(), { once: true }));
    const { user } = renderStill(<HubSearch />);
    await user.type(screen.getByRole('textbox', { name: 'Search the hub' }), 'zebra');
    expect(await screen.findByRole('alert', {}, wait)).toHaveTextContent('We could not search. Network Error');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No results for “zebra”')).toBeInTheDocument();
  });

  it('searches inside one space from its content area, listing each item once, and opens it', async () => {
    const space = seedSpace({ name: 'Roadmap' });
    const other = seedSpace({ name: 'Other' });
    seedContent(space, { name: 'launch plan.txt', body: 'The launch is in May.' });
    seedContent(space, { name: 'launch checklist.txt', body: 'Tick every box.' });
    seedContent(other, { name: 'elsewhere.txt', body: 'launch elsewhere' });
    await signInOwner();
    const queries = watchSearches();
    const { user } = await renderContentArea(space);
    await screen.findByRole('listitem', { name: 'launch plan.txt' });
    await user.type(screen.getByRole('textbox', { name: 'Search this space' }), 'launch');

    // The mock finds names only: both hits are in the list of names above, so the section below lists nothing twice.
    expect(await screen.findByText('Nothing else in this space mentions “launch”.', {}, wait)).toBeInTheDocument();
    expect(queries.map((q) => q.get('space_id'))).toEqual([space.id]);
    expect(screen.getByText('2 names match')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Content of this space' })).getAllByRole('listitem').map((r) => r.getAttribute('aria-label'))).toEqual([
      'launch checklist.txt', 'launch plan.txt',
    ]);
    await user.click(screen.getByRole('button', { name: 'Preview launch plan.txt' }));
    const drawer = await findDialog('launch plan.txt');
    expect(await within(drawer).findByLabelText('Text of launch plan.txt, page 1')).toHaveTextContent('The launch is in May.');
  });

  it('goes to the search page from the header', async () => {
    resetRouter('/');
    const user = userEvent.setup();
    render(
      <App>
        <HeaderSearch />
      </App>,
    );
    await user.type(screen.getByRole('combobox', { name: 'Search the hub' }), 'budget plan{Enter}');
    expect(mockRouter.push).toHaveBeenCalledWith('/search?q=budget%20plan');
    // On phones the box gives way to an icon link to the same page.
    expect(screen.getByLabelText('Search')).toHaveAttribute('href', '/search');
  });
});

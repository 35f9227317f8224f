import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { breakpoints } from '@/lib/constants';
import { HubSearch } from '@/components/contents/search/HubSearch';
import { server } from '@/mocks/node';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { addHubMember, renderStill, seedSpace, signInOwner } from '../spaces/fixtures';
import { seedContent } from './fixtures';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());
beforeEach(() => resetRouter('/search'));

const FILTERS = ['kind', 'space_id', 'author_id', 'from', 'to'];

/** The filters of every search/ request, in order. */
function watchSearches() {
  const asked: Record<string, string>[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (!url.pathname.endsWith('/api/v1/search/')) return;
    asked.push(Object.fromEntries([...url.searchParams].filter(([key]) => FILTERS.includes(key))));
  });
  return asked;
}

const lastAddress = () => mockRouter.replace.mock.calls.at(-1)?.[0];
const wait = { timeout: 5_000 };

describe('the search page’s filters', { timeout: 40_000 }, () => {
  it('sends the filters of the address, shows them, and clears them', async () => {
    const finance = seedSpace({ name: 'Finance' });
    const ana = addHubMember('ana@example.com', 'Ana Lima', 'editor');
    seedContent(finance, { name: 'plan.txt', body: 'The plan.', createdBy: ana });
    await signInOwner();
    const asked = watchSearches();
    resetRouter('/search', { q: 'plan', kind: 'document', space_id: finance.id, author_id: ana.id, from: '2026-01-01', to: '2026-03-31' });
    const { user } = renderStill(<HubSearch />);
    await waitFor(() => expect(asked.at(-1)).toEqual({ kind: 'document', space_id: finance.id, author_id: ana.id, from: '2026-01-01', to: '2026-03-31' }), wait);

    const bar = screen.getByRole('group', { name: 'Filters' });
    await waitFor(() => expect(within(bar).getByTitle('Finance')).toBeInTheDocument(), wait);
    await waitFor(() => expect(within(bar).getByTitle('Ana Lima')).toBeInTheDocument(), wait);
    expect(within(bar).getByPlaceholderText('Changed from')).toHaveValue('2026-01-01');
    expect(within(bar).getByPlaceholderText('to')).toHaveValue('2026-03-31');

    await user.click(within(bar).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({}), wait);
    await waitFor(() => expect(lastAddress()).toBe('/search?q=plan'));
    expect(within(bar).queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('narrows by space, author and days as they are chosen, in the request and the address', async () => {
    const finance = seedSpace({ name: 'Finance' });
    seedSpace({ name: 'Roadmap' });
    const ana = addHubMember('ana@example.com', 'Ana Lima', 'editor');
    seedContent(finance, { name: 'plan.txt', body: 'The plan.' });
    await signInOwner();
    const asked = watchSearches();
    resetRouter('/search', { q: 'plan' });
    const { user } = renderStill(<HubSearch />);
    await waitFor(() => expect(asked).toEqual([{}]), wait);

    await user.click(screen.getByRole('combobox', { name: 'Space filter' }));
    await user.click(await screen.findByTitle('Finance', {}, wait));
    await waitFor(() => expect(asked.at(-1)).toEqual({ space_id: finance.id }), wait);
    await waitFor(() => expect(lastAddress()).toBe(`/search?q=plan&space_id=${finance.id}`));

    await user.click(screen.getByRole('combobox', { name: 'Author filter' }));
    await user.click(await screen.findByTitle('Ana Lima', {}, wait));
    await waitFor(() => expect(asked.at(-1)).toEqual({ space_id: finance.id, author_id: ana.id }), wait);

    await user.click(screen.getByPlaceholderText('Changed from'));
    await user.keyboard('2026-02-01{Enter}');
    await user.keyboard('2026-02-28{Enter}');
    await waitFor(() => expect(asked.at(-1)).toEqual({ space_id: finance.id, author_id: ana.id, from: '2026-02-01', to: '2026-02-28' }), wait);
    await waitFor(() => expect(lastAddress()).toBe(`/search?q=plan&space_id=${finance.id}&author_id=${ana.id}&from=2026-02-01&to=2026-02-28`));
  });

  it('shows what the API refused next to its field', async () => {
    seedContent(seedSpace({ name: 'Finance' }), { name: 'plan.txt', body: 'The plan.' });
    await signInOwner();
    resetRouter('/search', { q: 'plan', from: 'last week' });
    renderStill(<HubSearch />);
    const bar = screen.getByRole('group', { name: 'Filters' });
    expect(await within(bar).findByRole('alert', {}, wait)).toHaveTextContent('From must be a date (YYYY-MM-DD)');
    // In place of the general failure.
    expect(screen.queryByText(/We could not search/)).not.toBeInTheDocument();
  });
});

describe('the search page’s filters on a phone', { timeout: 40_000 }, () => {
  // A phone's width: only the queries for screens narrower than sm match.
  const wide = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query === `(max-width: ${breakpoints.sm - 1}px)` });
  });
  afterEach(() => {
    window.matchMedia = wide;
  });

  it('keeps them behind a button that counts them, and changes the search from its drawer as the row does', async () => {
    const finance = seedSpace({ name: 'Finance' });
    const ana = addHubMember('ana@example.com', 'Ana Lima', 'editor');
    seedContent(finance, { name: 'plan.txt', body: 'The plan.', createdBy: ana });
    await signInOwner();
    const asked = watchSearches();
    resetRouter('/search', { q: 'plan', kind: 'document', space_id: finance.id });
    const { user } = renderStill(<HubSearch />);
    await waitFor(() => expect(asked.at(-1)).toEqual({ kind: 'document', space_id: finance.id }), wait);

    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Kind filter' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters · 2' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(drawer).getByRole('combobox', { name: 'Kind filter' })).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByTitle('Finance')).toBeInTheDocument(), wait);
    expect(within(drawer).getByPlaceholderText('Changed from')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('combobox', { name: 'Author filter' }));
    await user.click(await screen.findByTitle('Ana Lima', {}, wait));
    await waitFor(() => expect(asked.at(-1)).toEqual({ kind: 'document', space_id: finance.id, author_id: ana.id }), wait);
    await waitFor(() => expect(lastAddress()).toBe(`/search?q=plan&kind=document&space_id=${finance.id}&author_id=${ana.id}`));
    await user.click(within(drawer).getByRole('button', { name: 'Show results' }));
    expect(screen.getByRole('button', { name: 'Filters · 3' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters · 3' }));
    await user.click(within(drawer).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({}), wait);
    await waitFor(() => expect(lastAddress()).toBe('/search?q=plan'));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Clear all' })).toBeDisabled();
  });
});

import { delay, http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SearchSuggestions } from '@/components/contents/search/SearchSuggestions';
import { HeaderSearch } from '@/components/layout/HeaderSearch';
import { SearchSuggestionsContext, type SearchSuggestionsProps } from '@/components/layout/searchSuggestions';
import { server } from '@/mocks/node';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { addHubMember, renderStill, seedSpace, signInOwner } from '../spaces/fixtures';
import { seedContent } from './fixtures';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());
beforeEach(() => resetRouter('/spaces'));

const suggestions = (props: SearchSuggestionsProps) => <SearchSuggestions {...props} />;

/** The header's box with the suggestions the app provides. */
async function renderHeader() {
  await signInOwner();
  const rendered = renderStill(
    <SearchSuggestionsContext value={suggestions}>
      <HeaderSearch />
    </SearchSuggestionsContext>,
  );
  return { ...rendered, box: screen.getByRole('combobox', { name: 'Search the hub' }) };
}

/** The q of every search/ request, in order. */
function watchSearches() {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/api/v1/search/')) asked.push(url.searchParams.get('q') ?? '');
  });
  return asked;
}

const options = () => within(screen.getByRole('listbox', { name: 'Search suggestions' })).getAllByRole('option');
const names = () => options().map((o) => o.querySelector('.name')?.textContent ?? o.textContent);
const wait = { timeout: 5_000 };

describe('the header’s search box', { timeout: 30_000 }, () => {
  it('suggests results while typing, with the space, kind and a row for all results', async () => {
    const roadmap = seedSpace({ name: 'Roadmap' });
    seedContent(roadmap, { name: 'Budget plan.txt', body: 'The budget for Q3 is final.' });
    seedContent(roadmap, { name: 'budget.csv', kind: 'table', body: 'rent 400' });
    seedContent(roadmap, { name: 'notes.txt', body: 'Nothing here.' });
    const asked = watchSearches();
    const { user, box } = await renderHeader();
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'budget');
    await waitFor(() => expect(names()).toEqual(['Budget plan.txt', 'budget.csv', 'See all results for “budget”']), wait);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(options()[0]).toHaveTextContent('Roadmap · Document');
    expect(options()[1]).toHaveTextContent('Roadmap · Table');
    // Requests wait for a pause in the typing, not one per key (a loaded machine may see a pause mid-word).
    expect(asked.at(-1)).toBe('budget');
    expect(asked.length).toBeLessThan('budget'.length);

    await user.type(box, 'zzz');
    expect(await screen.findByText('No results for “budgetzzz”', {}, wait)).toBeInTheDocument();
    expect(names()).toEqual(['See all results for “budgetzzz”']);
  });

  it('chooses with the arrow keys, opens the chosen result at its passage, and closes on Escape', async () => {
    const roadmap = seedSpace({ name: 'Roadmap' });
    const plan = seedContent(roadmap, { name: 'Budget plan.txt', body: 'The budget for Q3 is final.' });
    seedContent(roadmap, { name: 'Budget old.txt', body: 'An older budget.' });
    const { user, box } = await renderHeader();
    await user.type(box, 'budget');
    await waitFor(() => expect(options()).toHaveLength(3), wait);
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options()[1]?.id);
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(options()[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    // Past the last option ("See all") it wraps to the first, and back.
    expect(box).toHaveAttribute('aria-activedescendant', options()[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options()[2]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(options()[0]).toHaveTextContent('Budget plan.txt');

    await user.keyboard('{Enter}');
    expect(mockRouter.push).toHaveBeenCalledWith(`/spaces/${roadmap.id}?content=${plan.id}&at=0-27&q=budget`);
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'budget');
    await waitFor(() => expect(options()).toHaveLength(3), wait);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    // Nothing chosen: Enter goes to the search page.
    await user.keyboard('{Enter}');
    expect(mockRouter.push).toHaveBeenLastCalledWith('/search?q=budget');
  });

  it('never lets a slow answer to earlier typing replace the newer list', async () => {
    const roadmap = seedSpace({ name: 'Roadmap' });
    seedContent(roadmap, { name: 'budget plan.txt', body: 'Budget.' });
    seedContent(roadmap, { name: 'bus timetable.txt', body: 'Buses.' });
    // "bu" is answered late, after "budget"; unanswered here, the request goes on to the mock.
    server.use(
      http.get('*/api/v1/search/', async ({ request }) => {
        if (new URL(request.url).searchParams.get('q') === 'bu') await delay(1_000);
      }),
    );
    const asked = watchSearches();
    const { user, box } = await renderHeader();
    await user.type(box, 'bu');
    await waitFor(() => expect(asked).toEqual(['bu']), wait);
    await user.type(box, 'dget');
    await waitFor(() => expect(names()).toEqual(['budget plan.txt', 'See all results for “budget”']), wait);
    // Well after the slow answer has come.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    expect(names()).toEqual(['budget plan.txt', 'See all results for “budget”']);
    expect(asked).toEqual(['bu', 'budget']);
  });

  it('says when the search failed and tries again', async () => {
    seedContent(seedSpace({ name: 'Roadmap' }), { name: 'budget plan.txt', body: 'Budget.' });
    // Every search fails until Retry: a slow typist's earlier searches must not use up the one failure.
    let failing = true;
    server.use(http.get('*/api/v1/search/', () => (failing ? HttpResponse.error() : undefined)));
    const { user, box } = await renderHeader();
    await user.type(box, 'budget');
    expect(await screen.findByRole('alert', {}, wait)).toHaveTextContent('We could not search. Network Error');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(names()).toEqual(['budget plan.txt', 'See all results for “budget”']), wait);
    // The click kept the focus in the box.
    expect(box).toHaveFocus();
  });

  it('shows spaces, people and content in groups, and the arrow keys go through them all in that order', async () => {
    const office = seedSpace({ name: 'Budget office', description: 'Where the numbers live' });
    const ben = addHubMember('ben.budget@example.com', 'Ben Budgetson', 'editor');
    const plan = seedContent(office, { name: 'Budget plan.txt', body: 'The budget for Q3 is final.' });
    const { user, box } = await renderHeader();
    await user.type(box, 'budget');
    await waitFor(() => expect(names()).toEqual(['Budget office', 'Ben Budgetson', 'Budget plan.txt', 'See all results for “budget”']), wait);
    const group = (name: string) => within(screen.getByRole('group', { name })).getAllByRole('option');
    expect(group('Spaces').map((o) => o.querySelector('.name')?.textContent)).toEqual(['Budget office']);
    expect(group('Spaces')[0]).toHaveTextContent('Where the numbers live');
    expect(group('People')[0]).toHaveTextContent(`Ben Budgetson${ben.email} · Editor`);
    expect(group('Content').map((o) => o.querySelector('.name')?.textContent)).toEqual(['Budget plan.txt']);

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options()[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options()[2]?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    await user.keyboard('{Enter}');
    expect(mockRouter.push).toHaveBeenLastCalledWith(`/spaces/${office.id}`);

    await user.type(box, 'budgetson');
    await waitFor(() => expect(names()).toEqual(['Ben Budgetson', 'See all results for “budgetson”']), wait);
    await user.click(options()[0] as HTMLElement);
    expect(mockRouter.push).toHaveBeenLastCalledWith('/hub/settings?tab=members');

    await user.type(box, 'plan');
    await waitFor(() => expect(names()).toEqual(['Budget plan.txt', 'See all results for “plan”']), wait);
    // Content alone needs no group title.
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(mockRouter.push).toHaveBeenLastCalledWith(`/spaces/${office.id}?content=${plan.id}&at=0-27&q=plan`);
  });

  it('opens a result, or all of them, with a click', async () => {
    const roadmap = seedSpace({ name: 'Roadmap' });
    const plan = seedContent(roadmap, { name: 'budget plan.txt', body: 'Budget.' });
    const { user, box } = await renderHeader();
    await user.type(box, 'budget');
    await waitFor(() => expect(options()).toHaveLength(2), wait);
    await user.click(options()[0] as HTMLElement);
    expect(mockRouter.push).toHaveBeenLastCalledWith(`/spaces/${roadmap.id}?content=${plan.id}&at=0-7&q=budget`);
    await user.type(box, 'plan');
    await user.click(await screen.findByRole('option', { name: 'See all results for “plan”' }, wait));
    expect(mockRouter.push).toHaveBeenLastCalledWith('/search?q=plan');
  });
});

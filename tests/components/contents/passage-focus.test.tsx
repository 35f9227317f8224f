import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEXT_PAGE_CHARACTERS } from '@/lib/contract/contents';
import { focusFromQuery } from '@/components/contents/preview/focus';
import { HubSearch } from '@/components/contents/search/HubSearch';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { renderStill, seedSpace, signInOwner } from '../spaces/fixtures';
import { findDialog, renderContentArea, seedContent } from './fixtures';

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/search'));

const wait = { timeout: 5_000 };

/** The shaded passage on the text page of `drawer`, and the words marked in it. */
async function highlighted(drawer: HTMLElement, label: string) {
  const page = await within(drawer).findByLabelText(label, {}, wait);
  const passage = await waitFor(() => {
    const found = page.querySelector<HTMLElement>('[data-passage]');
    if (!found) throw new Error('no passage is shaded');
    return found;
  });
  return { page, passage: passage.textContent, marks: [...passage.querySelectorAll('mark')].map((m) => m.textContent) };
}

describe('opening a search result at its passage', { timeout: 30_000 }, () => {
  it('goes from a result to its space with the item previewed, the passage shaded and the words marked', async () => {
    const space = seedSpace({ name: 'Finance' });
    const body = `Budget for Q3. The budget is final. ${'More words follow here. '.repeat(20)}`;
    const plan = seedContent(space, { name: 'budget plan.txt', body, details: { characters: body.length } });
    await signInOwner();
    resetRouter('/search', { q: 'budget' });
    const { user, unmount } = renderStill(<HubSearch />);
    await user.click(await screen.findByRole('button', { name: 'budget plan.txt' }, wait));
    const address = mockRouter.push.mock.calls.at(-1)?.[0] ?? '';
    expect(address).toBe(`/spaces/${space.id}?content=${plan.id}&at=0-200&q=budget`);
    unmount();

    // The space opens the address's item at its focus (the space page reads both from its address).
    const query = Object.fromEntries(new URL(address, 'http://app').searchParams);
    await renderContentArea(space, { initialPreviewId: query.content, initialFocus: focusFromQuery(query) });
    const { page, passage, marks } = await highlighted(await findDialog('budget plan.txt'), 'Text of budget plan.txt, page 1');
    expect(passage).toBe(body.slice(0, 200));
    expect(marks).toEqual(['Budget', 'budget']);
    expect(page.textContent).toBe(body);
  });

  it('opens a long text on the page that holds the passage', async () => {
    const space = seedSpace({ name: 'Finance' });
    const body = `${'a'.repeat(TEXT_PAGE_CHARACTERS)}Intro. The budget is final. The end.`;
    const report = seedContent(space, { name: 'report.txt', body, details: { characters: body.length } });
    await signInOwner();
    const start = TEXT_PAGE_CHARACTERS + 7;
    await renderContentArea(space, {
      initialPreviewId: report.id,
      initialFocus: focusFromQuery({ at: `${start}-${start + 20}`, q: 'BUDGET final' }),
    });
    const { passage, marks } = await highlighted(await findDialog('report.txt'), 'Text of report.txt, page 2');
    expect(passage).toBe('The budget is final.');
    expect(marks).toEqual(['budget', 'final']);
  });

  it('opens a table on the page of the row and shades the row', async () => {
    const space = seedSpace({ name: 'Finance' });
    const sheet = seedContent(space, {
      name: 'people.csv',
      kind: 'table',
      details: { columns: [{ name: 'Name', type: 'text' }], row_count: 25 },
      rows: Array.from({ length: 25 }, (_, i) => [`Person ${i + 1}`]),
    });
    await signInOwner();
    await renderContentArea(space, { initialPreviewId: sheet.id, initialFocus: focusFromQuery({ at: '0-10', row: '13' }) });
    const drawer = await findDialog('people.csv');
    const table = await within(drawer).findByRole('table');
    await within(table).findByText('Person 14', {}, wait);
    const current = within(table).getAllByRole('row').filter((row) => row.getAttribute('aria-current') === 'true');
    expect(current.map((row) => row.textContent)).toEqual(['Person 14']);
    expect(within(table).queryByText('Person 1')).not.toBeInTheDocument();
  });
});

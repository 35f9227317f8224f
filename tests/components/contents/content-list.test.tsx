import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POLL_INTERVAL_MS } from '@/components/contents/useLiveContents';
import { SEARCH_DELAY_MS } from '@/components/ui/useDebouncedValue';
import { badgeBackground, statusColors } from '@/lib/constants';
import { readableOnTint } from '@/lib/palette';
import { mockDb, server } from '@/mocks/node';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { resetRouter } from '@/tests/router';
import { addHubMember, demoHub, seedSpace, signInOwner, signInUser } from '../spaces/fixtures';
import { findDialog, finishProcessing, renderContentArea, seedContent } from './fixtures';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());
beforeEach(() => resetRouter('/spaces/x'));

const rows = () => within(screen.getByRole('list', { name: 'Content of this space' })).getAllByRole('listitem');
const rowOf = (name: string) => screen.getByRole('listitem', { name });
const names = () => rows().map((r) => r.getAttribute('aria-label'));

/** The query strings of every contents list request, in order. */
function watchListRequests() {
  const queries: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && /\/spaces\/[^/]+\/contents\/$/.test(url.pathname)) queries.push(url.searchParams);
  });
  return queries;
}

function cssColour(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  if (hex.length === 7) return `rgb(${r}, ${g}, ${b})`;
  return `rgba(${r}, ${g}, ${b}, ${Number((parseInt(hex.slice(7, 9), 16) / 255).toFixed(3))})`;
}

// Whole user journeys through antd dialogs: slow on a busy machine.
describe('content list', { timeout: 30_000 }, () => {
  it('shows each item with its kind, size, author, and a status badge in the spec’s style', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'plan.txt', sizeBytes: 2048, status: 'ready' });
    seedContent(space, { name: 'stock.csv', kind: 'table', status: 'queued' });
    seedContent(space, { name: 'call.mp4', kind: 'media', status: 'processing' });
    seedContent(space, { name: 'broken.pdf', status: 'failed', failureReason: 'The PDF is password protected.' });
    await signInOwner();
    await renderContentArea(space);
    await screen.findByRole('listitem', { name: 'plan.txt' });
    expect(names()).toEqual(['broken.pdf', 'call.mp4', 'stock.csv', 'plan.txt']);
    expect(screen.getByText('4 items')).toBeInTheDocument();

    const plan = rowOf('plan.txt');
    expect(within(plan).getByText('Document')).toBeInTheDocument();
    expect(within(plan).getByText('2 KB')).toBeInTheDocument();
    expect(within(plan).getByText('Dana Demo')).toBeInTheDocument();
    expect(within(rowOf('stock.csv')).getByText('Table')).toBeInTheDocument();

    const expected = [
      ['plan.txt', 'Ready', statusColors.success],
      ['stock.csv', 'Queued', statusColors.info],
      ['call.mp4', 'Processing', statusColors.warning],
      ['broken.pdf', 'Failed', statusColors.error],
    ] as const;
    for (const [name, label, colour] of expected) {
      const style = getComputedStyle(within(rowOf(name)).getByText(label));
      // The spec's tint behind; the text is the status colour deepened to read on it.
      expect(style.color).toBe(cssColour(readableOnTint(colour)));
      expect(style.backgroundColor).toBe(cssColour(`${colour}22`));
    }
    expect(badgeBackground('error')).toBe('#FF4D4F22');
    expect(within(rowOf('broken.pdf')).getByText('The PDF is password protected.')).toBeInTheDocument();
  });

  it('loads ten at a time and offers "Load more" only while a page comes back full', async () => {
    const space = seedSpace({ name: 'Launch' });
    for (let i = 1; i <= 12; i += 1) seedContent(space, { name: `File ${String(i).padStart(2, '0')}.txt` });
    await signInOwner();
    const queries = watchListRequests();
    const { user } = await renderContentArea(space);
    await screen.findByRole('listitem', { name: 'File 12.txt' });
    expect(rows()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('listitem', { name: 'File 01.txt' });
    expect(rows()).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(queries.map((q) => [q.get('page'), q.get('page_size'), q.get('sort')])).toEqual([
      ['1', '10', 'newest'],
      ['2', '10', 'newest'],
    ]);
  });

  it('filters by kind, sorts, and searches names once typing pauses', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'Budget.xlsx', kind: 'table', sizeBytes: 900 });
    seedContent(space, { name: 'agenda.txt', sizeBytes: 5000 });
    seedContent(space, { name: 'Cover.png', kind: 'image', sizeBytes: 100 });
    await signInOwner();
    const queries = watchListRequests();
    const { user } = await renderContentArea(space);
    await screen.findByRole('listitem', { name: 'Cover.png' });

    await user.click(screen.getByText('Tables'));
    await waitFor(() => expect(names()).toEqual(['Budget.xlsx']));
    expect(queries.at(-1)?.get('kind')).toBe('table');

    await user.click(screen.getByText('All'));
    await user.click(screen.getByRole('combobox', { name: 'Sort' }));
    await user.click(await screen.findByTitle('Name (A–Z)'));
    await waitFor(() => expect(names()).toEqual(['agenda.txt', 'Budget.xlsx', 'Cover.png']));
    await user.click(screen.getByRole('combobox', { name: 'Sort' }));
    await user.click(await screen.findByTitle('Largest first'));
    await waitFor(() => expect(names()).toEqual(['agenda.txt', 'Budget.xlsx', 'Cover.png']));
    expect(queries.at(-1)?.get('sort')).toBe('size');

    const before = queries.length;
    await user.type(screen.getByRole('textbox', { name: 'Search this space' }), 'cov');
    await waitFor(() => expect(names()).toEqual(['Cover.png']), { timeout: SEARCH_DELAY_MS * 5 });
    expect(queries.slice(before).map((q) => q.get('search'))).toEqual(['cov']);

    await user.type(screen.getByRole('textbox', { name: 'Search this space' }), 'zzz');
    expect(await screen.findByText('No content matches')).toBeInTheDocument();
  });

  it('refreshes queued and processing items every two seconds, and stops when none is left', async () => {
    const space = seedSpace({ name: 'Launch' });
    const queued = seedContent(space, { name: 'report.pdf', status: 'queued' });
    seedContent(space, { name: 'done.txt' });
    await signInOwner();
    const itemRequests: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const match = /\/contents\/([^/]+)\/$/.exec(new URL(request.url).pathname);
      if (request.method === 'GET' && match?.[1]) itemRequests.push(match[1]);
    });
    await renderContentArea(space);
    await screen.findByRole('listitem', { name: 'report.pdf' });
    expect(within(rowOf('report.pdf')).getByText('Queued')).toBeInTheDocument();

    queued.status = 'processing';
    queued.updatedAt = new Date(Date.parse(queued.updatedAt) + 1000).toISOString();
    expect(await within(rowOf('report.pdf')).findByText('Processing', {}, { timeout: POLL_INTERVAL_MS * 2 })).toBeInTheDocument();

    finishProcessing(queued, 'The PDF is password protected.');
    expect(await within(rowOf('report.pdf')).findByText('Failed', {}, { timeout: POLL_INTERVAL_MS * 2 })).toBeInTheDocument();
    expect(within(rowOf('report.pdf')).getByText('The PDF is password protected.')).toBeInTheDocument();
    // Only the pending item is asked about, never the ready one.
    expect(new Set(itemRequests)).toEqual(new Set([queued.id]));

    const asked = itemRequests.length;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS + 500));
    expect(itemRequests).toHaveLength(asked);
  });

  it('renames an item and deletes one after confirming', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'draft.txt' });
    seedContent(space, { name: 'old.txt' });
    await signInOwner();
    const { user } = await renderContentArea(space);
    await screen.findByRole('listitem', { name: 'draft.txt' });

    await user.click(screen.getByRole('button', { name: 'More actions for draft.txt' }));
    await user.click(await screen.findByRole('menuitem', { name: /Rename/ }));
    const dialog = await findDialog('Rename');
    const field = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    // The name is selected without its extension: typing a new name keeps ".txt".
    await waitFor(() => expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'draft'.length]));
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter Name')).toBeInTheDocument();
    await user.type(field, 'Final plan.txt');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('listitem', { name: 'Final plan.txt' })).toBeInTheDocument();
    expect(mockDb.data.contents.map((c) => c.name).sort()).toEqual(['Final plan.txt', 'old.txt']);

    await user.click(screen.getByRole('button', { name: 'More actions for old.txt' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const confirm = await findDialog('Delete old.txt?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'old.txt' })).not.toBeInTheDocument());
    expect(mockDb.data.contents.map((c) => c.name)).toEqual(['Final plan.txt']);
  });

  it('shows a refused delete on the row and keeps the item', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'old.txt' });
    await signInOwner();
    server.use(
      http.delete('*/api/v1/spaces/:id/contents/:content_id/', () =>
        HttpResponse.json({ message: 'This space is archived: its content can be read but not changed.', code: 'space_archived' }, { status: 422 }),
      ),
    );
    const { user } = await renderContentArea(space);
    await user.click(await screen.findByRole('button', { name: 'More actions for old.txt' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    await user.click(within(await findDialog('Delete old.txt?')).getByRole('button', { name: 'Delete' }));
    expect(await within(rowOf('old.txt')).findByRole('alert')).toHaveTextContent(
      'We could not delete old.txt. This space is archived: its content can be read but not changed.',
    );
    expect(screen.getByRole('button', { name: 'More actions for old.txt' })).toBeEnabled();
  });

  it('gives viewers previews and downloads only', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    const space = seedSpace({ name: 'Launch', members: [[demoHub().owner, 'owner'], [vic, 'viewer']] });
    seedContent(space, { name: 'plan.txt' });
    await signInUser(vic);
    const { user } = await renderContentArea(space);
    await screen.findByRole('listitem', { name: 'plan.txt' });
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add contact' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview plan.txt' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'More actions for plan.txt' }));
    expect(await screen.findByRole('menuitem', { name: /Download/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Rename/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('explains an empty space, and offers the upload to editors', async () => {
    const space = seedSpace({ name: 'Launch' });
    await signInOwner();
    await renderContentArea(space);
    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeEnabled();
  });

  it('shows a failed load and loads again on request', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'plan.txt' });
    await signInOwner();
    server.use(http.get('*/api/v1/spaces/:id/contents/', () => HttpResponse.error(), { once: true }));
    const { user } = await renderContentArea(space);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the content. Network Error');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'plan.txt' })).toBeInTheDocument();
  });
});

import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PDFDocumentLoadingTask } from 'pdfjs-dist';
import { server } from '@/mocks/node';
import type { MockSpace } from '@/mocks/state';
import { SEARCH_DELAY_MS } from '@/components/ui/useDebouncedValue';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { resetRouter } from '@/tests/router';
import type { ContentItem } from '@/lib/contract/contents';
import { RenameModal } from '@/components/contents/RenameModal';
import { loadPdf } from '@/components/contents/preview/pdf-document';
import { renderStill, seedSpace, signInOwner } from '../spaces/fixtures';
import { findDialog, renderContentArea, seedContent } from './fixtures';

// pdf.js itself needs a real browser (workers, canvas): the viewer gets a three-page document of 600 × 800 points.
const pdf = (() => {
  const renders: Array<{ page: number; scale: number }> = [];
  const urls: string[] = [];
  const doc = {
    numPages: 3,
    getPage: async (page: number) => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
      render: ({ viewport }: { viewport: { width: number } }) => {
        renders.push({ page, scale: viewport.width / 600 });
        return { promise: Promise.resolve(), cancel: () => undefined };
      },
    }),
  };
  return { renders, urls, doc };
})();

setupMockServer();
resetAuthAfterEach();
beforeEach(() => {
  resetRouter('/spaces/x');
  pdf.renders.length = 0;
  pdf.urls.length = 0;
  vi.mocked(loadPdf).mockImplementation(async (url) => {
    pdf.urls.push(url);
    // Only what the viewer uses of pdf.js's loading task.
    return { promise: Promise.resolve(pdf.doc), destroy: async () => undefined } as unknown as PDFDocumentLoadingTask;
  });
  // jsdom draws nothing; the viewer only needs a context to hand to pdf.js.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as CanvasRenderingContext2D);
});
afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

async function preview(space: MockSpace, name: string) {
  await signInOwner();
  const rendered = await renderContentArea(space);
  await rendered.user.click(await screen.findByRole('button', { name: `Preview ${name}` }));
  return { ...rendered, drawer: await findDialog(name) };
}

const image = { kind: 'image' as const, mimeType: 'image/png', details: { width: 640, height: 480, has_thumbnail: true } };

describe('viewing content', { timeout: 45_000 }, () => {
  it('shows a PDF as its pages, with the page count and zoom', async () => {
    const space = seedSpace({ name: 'Launch' });
    const report = seedContent(space, { name: 'report.pdf', kind: 'document', mimeType: 'application/pdf', details: { pages: 3, characters: 10 }, body: 'The report' });
    const { user, drawer } = await preview(space, 'report.pdf');

    const controls = await within(drawer).findByRole('toolbar', { name: 'PDF controls' });
    expect(await within(controls).findByText('1 / 3')).toBeInTheDocument();
    expect(within(controls).getByLabelText('Page 1 of 3')).toBeInTheDocument();
    expect(pdf.urls).toEqual([expect.stringMatching(new RegExp(`/files/${report.id}/original/\\?`))]);
    const pages = within(drawer).getAllByRole('img', { name: /^Page \d$/ });
    expect(pages).toHaveLength(3);
    await waitFor(() => expect(drawer.querySelectorAll('canvas')).toHaveLength(3));
    await waitFor(() => expect(pdf.renders.map((r) => r.page).sort()).toEqual([1, 2, 3]));

    // The page buttons bring a page to the top and name it the one being read.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    expect(within(controls).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(controls).getByRole('button', { name: 'Next page' }));
    expect(within(controls).getByText('2 / 3')).toBeInTheDocument();
    expect(scrolled.mock.contexts).toEqual([pages[1]]);
    await user.click(within(controls).getByRole('button', { name: 'Next page' }));
    expect(within(controls).getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(within(controls).getByRole('button', { name: 'Previous page' }));
    expect(within(controls).getByText('2 / 3')).toBeInTheDocument();

    // jsdom has no layout: "fit width" falls back to the page's own size.
    expect(within(controls).getByText('100%')).toBeInTheDocument();
    await user.click(within(controls).getByRole('button', { name: 'Zoom in' }));
    expect(within(controls).getByText('125%')).toBeInTheDocument();
    expect(pages[0]).toHaveStyle({ width: '750px', height: '1000px' });
    await waitFor(() => expect(pdf.renders.filter((r) => r.scale === 1.25)).toHaveLength(3));
    await user.click(within(controls).getByRole('button', { name: 'Zoom out' }));
    await user.click(within(controls).getByRole('button', { name: 'Zoom out' }));
    expect(within(controls).getByText('75%')).toBeInTheDocument();
    await user.click(within(controls).getByRole('button', { name: 'Fit width' }));
    expect(within(controls).getByText('100%')).toBeInTheDocument();

    // The text read from it is one click away.
    await user.click(within(drawer).getByText('Text'));
    expect(await within(drawer).findByLabelText('Text of report.pdf, page 1')).toHaveTextContent('The report');
  });

  it('closes on Escape after the viewer\'s controls were used, their tooltips open', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'report.pdf', kind: 'document', mimeType: 'application/pdf', details: { pages: 3, characters: 10 }, body: 'The report' });
    const { user, drawer } = await preview(space, 'report.pdf');
    const controls = await within(drawer).findByRole('toolbar', { name: 'PDF controls' });
    await within(controls).findByText('1 / 3');
    await user.click(within(controls).getByRole('button', { name: 'Zoom in' }));
    await screen.findByRole('tooltip', { name: 'Zoom in' });
    await user.keyboard('{Escape}');
    // Closed: the drawer lets go of the item at once (its slide-out may still be under way).
    await waitFor(() => expect(within(drawer).queryByRole('toolbar', { name: 'PDF controls' })).not.toBeInTheDocument());
  });

  it('shows a PDF uploaded as a general file with the same viewer, and opens it in a new tab in the app', async () => {
    const space = seedSpace({ name: 'Launch' });
    const contract = seedContent(space, { name: 'contract.pdf', kind: 'general', mimeType: 'application/pdf' });
    const { drawer } = await preview(space, 'contract.pdf');
    expect(await within(drawer).findByText('1 / 3')).toBeInTheDocument();
    const newTab = within(drawer).getByRole('link', { name: /Open in a new tab/ });
    expect(newTab).toHaveAttribute('href', `/spaces/${space.id}?content=${contract.id}`);
    expect(newTab).toHaveAttribute('target', '_blank');
  });

  it('moves to the previous and next item of the list with the buttons and the arrow keys', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'first.txt', body: 'One' });
    seedContent(space, { name: 'second.txt', body: 'Two' });
    seedContent(space, { name: 'third.txt', body: 'Three' });
    // Newest first: third, second, first.
    const { user, drawer } = await preview(space, 'second.txt');
    expect(await within(drawer).findByLabelText('Text of second.txt, page 1')).toHaveTextContent('Two');

    await user.keyboard('{ArrowRight}');
    expect(await within(await findDialog('first.txt')).findByLabelText('Text of first.txt, page 1')).toHaveTextContent('One');
    expect(within(await findDialog('first.txt')).getByRole('button', { name: 'Next item' })).toBeDisabled();

    await user.keyboard('{ArrowLeft}');
    await user.keyboard('{ArrowLeft}');
    const third = await findDialog('third.txt');
    expect(await within(third).findByLabelText('Text of third.txt, page 1')).toHaveTextContent('Three');
    expect(within(third).getByRole('button', { name: 'Previous item' })).toBeDisabled();
    await user.click(within(third).getByRole('button', { name: 'Next item' }));
    expect(await within(await findDialog('second.txt')).findByLabelText('Text of second.txt, page 1')).toBeInTheDocument();
  });

  it('zooms an image with the buttons and a click', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'cover.png', ...image });
    const { user, drawer } = await preview(space, 'cover.png');
    const picture = await within(drawer).findByRole('img', { name: 'cover.png' });
    const zoom = within(drawer).getByRole('toolbar', { name: 'Zoom' });
    expect(within(zoom).getByText('Fit')).toBeInTheDocument();
    expect(within(zoom).getByRole('button', { name: 'Zoom out' })).toBeDisabled();

    await user.click(within(zoom).getByRole('button', { name: 'Zoom in' }));
    expect(within(zoom).getByText('150%')).toBeInTheDocument();
    expect(picture).toHaveClass('zoomed');
    await user.click(within(zoom).getByRole('button', { name: 'Fit' }));
    expect(picture).not.toHaveClass('zoomed');

    await user.click(picture);
    expect(within(zoom).getByText('200%')).toBeInTheDocument();
    await user.click(picture);
    expect(within(zoom).getByText('Fit')).toBeInTheDocument();
  });

  it('shows the Images filter as a gallery of thumbnails', async () => {
    const space = seedSpace({ name: 'Launch' });
    const cover = seedContent(space, { name: 'cover.png', ...image });
    seedContent(space, { name: 'plan.txt' });
    await signInOwner();
    const { user } = await renderContentArea(space);
    await screen.findByRole('listitem', { name: 'plan.txt' });
    await user.click(screen.getByText('Images'));
    const list = screen.getByRole('list', { name: 'Content of this space' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((i) => i.getAttribute('aria-label'))).toEqual(['cover.png']));
    const tile = within(list).getByRole('listitem', { name: 'cover.png' });
    expect(tile.querySelector('img')?.getAttribute('src')).toMatch(new RegExp(`/files/${cover.id}/thumbnail/`));
    await user.click(within(tile).getByRole('button', { name: 'Preview cover.png' }));
    expect(await within(await findDialog('cover.png')).findByRole('img', { name: 'cover.png' })).toBeInTheDocument();
  });

  it('names a note "Note" and shows no size for items written in the app', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'Standup', kind: 'general', source: 'note', body: 'Ana: shipping.', sizeBytes: 91, details: { characters: 14 } });
    seedContent(space, { name: 'Asha Rao', kind: 'contact', source: 'form', sizeBytes: 183, details: { contact: { name: 'Asha Rao', email: 'asha@example.com' } } });
    const { user, drawer } = await preview(space, 'Standup');
    expect(drawer.querySelector('.sub')?.textContent).toBe('NoteReady');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    const note = screen.getByRole('listitem', { name: 'Standup' });
    expect(note).toHaveTextContent('Note');
    expect(note).not.toHaveTextContent('91 B');
    const contact = screen.getByRole('listitem', { name: 'Asha Rao' });
    expect(contact).toHaveTextContent('Contact');
    expect(contact).not.toHaveTextContent('183 B');
  });

  it('lists each item once when searching a space: names above, other finds below', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'budget plan.txt', body: 'The budget.' });
    seedContent(space, { name: 'kickoff.txt', body: 'We agreed the budget.' });
    await signInOwner();
    // The mock searches names only; the API also finds words inside: the answer holds both items.
    server.use(
      http.get('*/api/v1/search/', async ({ request }) => {
        const ask = async (q: string) => {
          const url = new URL(request.url);
          url.searchParams.set('q', q);
          return (await (await fetch(url, { headers: request.headers })).json()) as { data: unknown[]; count: number };
        };
        const [byName, inside] = [await ask('budget'), await ask('kickoff')];
        return HttpResponse.json({ ...byName, data: [...byName.data, ...inside.data], count: byName.count + inside.count });
      }, { once: true }),
    );
    const { user } = await renderContentArea(space);
    await screen.findByRole('listitem', { name: 'kickoff.txt' });
    await user.type(screen.getByRole('textbox', { name: 'Search this space' }), 'budget');

    const found = await screen.findByRole('list', { name: 'Search results in this space' }, { timeout: SEARCH_DELAY_MS + 5_000 });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Content of this space' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('1 name matches')).toBeInTheDocument();
    expect(within(found).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['kickoff.txt']);
  });

  it('renames with the name selected up to its extension, so typing keeps ".txt"', async () => {
    const item = {
      id: 'c1', space_id: 's1', kind: 'document', source: 'upload', name: 'draft.v2.txt', extension: 'txt', mime_type: 'text/plain', size_bytes: 5,
      status: 'ready', failure_reason: null, details: {}, urls: { view: null, download: null, thumbnail: null }, created_by: null,
      created_at: '2026-02-01T09:00:00Z', updated_at: '2026-02-01T09:00:00Z', abilities: { rename: true, edit: false, delete: true },
    } satisfies ContentItem;
    renderStill(<RenameModal item={item} onClose={() => undefined} onRenamed={() => undefined} />);
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Name' });
    await waitFor(() => expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'draft.v2'.length]));
    expect(field).toHaveFocus();
  });
});

import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXT_PAGE_CHARACTERS } from '@/lib/contract/contents';
import { mockDb, server } from '@/mocks/node';
import type { MockSpace } from '@/mocks/state';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { resetRouter } from '@/tests/router';
import { seedSpace, signInOwner } from '../spaces/fixtures';
import { findDialog, renderContentArea, seedContent } from './fixtures';

// PDFs are drawn by pdf.js, which needs a real browser (viewer.test.tsx covers the viewer): here their load never ends,
// as tests/setup.ts's stand-in for it does unless told otherwise.

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/spaces/x'));

/** Opens the preview of `name` from its row, as a user does. */
async function preview(space: MockSpace, name: string) {
  await signInOwner();
  const changes = vi.fn<(id: string | null, focus: unknown) => void>();
  const rendered = await renderContentArea(space, { onPreviewChange: changes });
  await rendered.user.click(await screen.findByRole('button', { name: `Preview ${name}` }));
  return { ...rendered, changes, drawer: await findDialog(name) };
}

describe('previews', { timeout: 30_000 }, () => {
  it('reads a document a page at a time', async () => {
    const space = seedSpace({ name: 'Launch' });
    const report = seedContent(space, { name: 'report.txt', body: `${'a'.repeat(TEXT_PAGE_CHARACTERS)}The end.`, details: { characters: TEXT_PAGE_CHARACTERS + 8 } });
    const { user, drawer, changes } = await preview(space, 'report.txt');
    // The page keeps the previewed item in its address.
    expect(changes).toHaveBeenLastCalledWith(report.id, null);
    const page1 = await within(drawer).findByLabelText('Text of report.txt, page 1');
    expect(page1.textContent).toBe('a'.repeat(TEXT_PAGE_CHARACTERS));
    expect(within(drawer).getByText('20,008 characters')).toBeInTheDocument();
    await user.click(within(drawer).getByTitle('Next Page'));
    expect(await within(drawer).findByLabelText('Text of report.txt, page 2')).toHaveTextContent(/^The end\.$/);
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(changes).toHaveBeenLastCalledWith(null, null);
  });

  it('shows a table with its columns and pages its rows from the server', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, {
      name: 'people.csv',
      kind: 'table',
      details: { columns: [{ name: 'Name', type: 'text' }, { name: 'Email', type: 'email' }, { name: 'Age', type: 'number' }], row_count: 12 },
      rows: Array.from({ length: 12 }, (_, i) => [`Person ${i + 1}`, `p${i + 1}@acme.io`, 1000 + i]),
    });
    const requested: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/rows/')) requested.push(`${url.searchParams.get('page')}/${url.searchParams.get('page_size')}`);
    });
    const { user, drawer } = await preview(space, 'people.csv');
    const table = await within(drawer).findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Email', 'Age']);
    await within(table).findByText('Person 1');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByRole('link', { name: 'p1@acme.io' })).toHaveAttribute('href', 'mailto:p1@acme.io');
    expect(within(table).getByText('1,000')).toBeInTheDocument();
    expect(within(drawer).getByText('12 rows')).toBeInTheDocument();

    await user.click(within(drawer).getByTitle('2'));
    expect(await within(drawer).findByText('Person 12')).toBeInTheDocument();
    expect(within(drawer).queryByText('Person 1')).not.toBeInTheDocument();
    expect(requested).toEqual(['1/10', '2/10']);
    server.events.removeAllListeners();
  });

  it('shows a contact file as cards, a page at a time', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, {
      name: 'leads.csv',
      kind: 'contact',
      details: { columns: [{ name: 'Company', type: 'text' }, { name: 'Full name', type: 'text' }, { name: 'Phone', type: 'phone' }], row_count: 2 },
      rows: [['Acme', 'Ana Lima', '+44 20 7946 0958'], ['Globex', 'Ben Ode', null]],
    });
    const { drawer } = await preview(space, 'leads.csv');
    const ana = await within(drawer).findByRole('article', { name: 'Ana Lima' });
    expect(within(ana).getByText('Acme')).toBeInTheDocument();
    expect(within(ana).getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
    const ben = within(drawer).getByRole('article', { name: 'Ben Ode' });
    expect(within(ben).queryByText('Phone')).not.toBeInTheDocument();
  });

  it('shows a contact added by hand as one card with the form’s labels', async () => {
    const space = seedSpace({ name: 'Launch' });
    const contact = {
      name: 'Ana Lima', email: 'ana@acme.io', contact_number: '+44 20 7946 0958', occupation: 'Engineer', company_name: 'Acme', address: '1 Main St', about: 'Met at the fair.',
    };
    seedContent(space, { name: 'Ana Lima', kind: 'contact', source: 'form', details: { contact } });
    const { drawer } = await preview(space, 'Ana Lima');
    const card = within(drawer).getByRole('article', { name: 'Ana Lima' });
    expect(within(card).getByText('Engineer · Acme')).toBeInTheDocument();
    expect(within(card).getByText('Contact number')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'ana@acme.io' })).toHaveAttribute('href', 'mailto:ana@acme.io');
    expect(within(card).getByText('Met at the fair.')).toBeInTheDocument();
  });

  it('shows an email’s headers, its HTML in a fully sandboxed frame, its text, and its attachments', async () => {
    const space = seedSpace({ name: 'Launch' });
    const html = '<p>We launch <b>Monday</b>.</p>';
    const mail = seedContent(space, {
      name: 'launch.eml',
      kind: 'email',
      details: {
        email: {
          subject: 'Launch notes', from: 'Ana <ana@acme.io>', to: 'team@acme.io', cc: 'boss@acme.io', date: '2026-02-03T10:00:00.000Z',
          attachments: [{ index: 0, name: 'plan.pdf', size_bytes: 2048, mime_type: 'application/pdf' }],
        },
      },
      email: { text: 'We launch Monday.', html, attachments: [{ index: 0, name: 'plan.pdf', sizeBytes: 2048, mimeType: 'application/pdf' }] },
    });
    const { user, drawer } = await preview(space, 'launch.eml');
    expect(await within(drawer).findByRole('heading', { name: 'Launch notes' })).toBeInTheDocument();
    for (const text of ['Ana <ana@acme.io>', 'team@acme.io', 'boss@acme.io', '3 Feb 2026, 10:00']) {
      expect(within(drawer).getByText(text, { exact: false })).toBeInTheDocument();
    }
    const frame = within(drawer).getByTitle('Message: Launch notes');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe(html);

    const attachment = within(drawer).getByRole('link', { name: 'Download plan.pdf' });
    expect(attachment.getAttribute('href')).toMatch(new RegExp(`^/api/v1/files/${mail.id}/attachments/0/\\?.*download=1`));

    await user.click(within(drawer).getByText('Plain text'));
    expect(within(drawer).getByText('We launch Monday.')).toBeInTheDocument();
    expect(within(drawer).queryByTitle('Message: Launch notes')).not.toBeInTheDocument();
  });

  it('shows an image large with the space’s other ready images as thumbnails', async () => {
    const space = seedSpace({ name: 'Launch' });
    const image = { kind: 'image' as const, mimeType: 'image/png', details: { width: 640, height: 480, has_thumbnail: true } };
    const cover = seedContent(space, { name: 'cover.png', ...image });
    const logo = seedContent(space, { name: 'logo.png', ...image });
    seedContent(space, { name: 'raw.png', ...image, status: 'processing' });
    const { user, drawer } = await preview(space, 'cover.png');
    const large = await within(drawer).findByRole('img', { name: 'cover.png' });
    expect(large.getAttribute('src')).toMatch(new RegExp(`^/api/v1/files/${cover.id}/preview/`));
    expect(within(drawer).getByText('640 × 480')).toBeInTheDocument();

    const strip = await within(drawer).findByRole('group', { name: 'Images in this space' });
    const thumbnails = within(strip).getAllByRole('button');
    expect(thumbnails.map((b) => b.getAttribute('aria-label'))).toEqual(['Show logo.png', 'Show cover.png']);
    expect(strip.querySelector('img')?.getAttribute('src')).toMatch(new RegExp(`^/api/v1/files/${logo.id}/thumbnail/`));

    await user.click(within(strip).getByRole('button', { name: 'Show logo.png' }));
    expect(within(drawer).getByRole('img', { name: 'logo.png' }).getAttribute('src')).toMatch(new RegExp(`/files/${logo.id}/preview/`));
    expect(within(strip).getByRole('button', { name: 'Show logo.png' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('plays video and audio the browser can play, and offers others as a download', async () => {
    const space = seedSpace({ name: 'Launch' });
    const clip = seedContent(space, { name: 'demo.mp4', kind: 'media', mimeType: 'video/mp4', details: { playable: true, duration_seconds: 95, container: 'mp4' } });
    seedContent(space, { name: 'call.mp3', kind: 'media', mimeType: 'audio/mpeg', details: { playable: true } });
    seedContent(space, { name: 'old.wmv', kind: 'media', mimeType: 'video/x-ms-wmv', details: { playable: false } });

    const { user, drawer } = await preview(space, 'demo.mp4');
    const video = within(drawer).getByLabelText('demo.mp4');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(video.getAttribute('src')).toMatch(new RegExp(`^/api/v1/files/${clip.id}/original/`));
    expect(within(drawer).getByText('1:35 · MP4')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Preview call.mp3' }));
    const audio = within(await findDialog('call.mp3')).getByLabelText('call.mp3');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio).toHaveAttribute('controls');
    await user.click(within(await findDialog('call.mp3')).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Preview old.wmv' }));
    const other = await findDialog('Your browser cannot play this file');
    expect(within(other).queryByLabelText('old.wmv')).not.toBeInTheDocument();
    const links = within(other).getAllByRole('link', { name: /Download/ });
    expect(links.every((a) => /\/original\/\?.*download=1/.test(a.getAttribute('href') ?? ''))).toBe(true);
  });

  it('shows a general file’s details with open and download, and a note’s text with an edit button', async () => {
    const space = seedSpace({ name: 'Launch' });
    const pdf = seedContent(space, { name: 'contract.pdf', kind: 'general', mimeType: 'application/pdf', sizeBytes: 4096 });
    seedContent(space, { name: 'Standup', kind: 'general', source: 'note', body: 'Ana: shipping.', details: { characters: 14 } });
    const { user, drawer } = await preview(space, 'contract.pdf');
    const details = within(drawer).getByRole('region', { name: 'File details' });
    expect(within(details).getByText('.pdf (application/pdf)')).toBeInTheDocument();
    // A PDF opens in the app's own viewer: a file served in its sandbox would leave the tab nameless.
    expect(within(details).getByRole('link', { name: /Open in a new tab/ })).toHaveAttribute('href', `/spaces/${space.id}?content=${pdf.id}`);
    expect(within(details).getByRole('link', { name: /Download/ }).getAttribute('href')).toMatch(/download=1/);
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Preview Standup' }));
    const note = await findDialog('Ana: shipping.');
    expect(within(note).getByRole('button', { name: /Edit/ })).toBeEnabled();
    expect(within(note).queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('shows the status of items not ready, and follows them to ready', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'broken.pdf', status: 'failed', failureReason: 'The PDF is password protected.' });
    const slow = seedContent(space, { name: 'slow.txt', status: 'processing', body: 'Finally here.' });
    const { user, drawer } = await preview(space, 'broken.pdf');
    expect(within(drawer).getByText('We could not process this file')).toBeInTheDocument();
    expect(within(drawer).getByText('The PDF is password protected.')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Preview slow.txt' }));
    const waiting = await findDialog('Being processed');
    expect(within(waiting).getByRole('status')).toHaveTextContent('The preview appears here as soon as it is ready.');
    slow.finishAt = 0;
    slow.updatedAt = new Date(Date.parse(slow.updatedAt) + 1000).toISOString();
    expect(await within(waiting).findByText('Finally here.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('opens an item named in the address even when it is not on the first page', async () => {
    const space = seedSpace({ name: 'Launch' });
    const old = seedContent(space, { name: 'old.txt', body: 'From long ago.' });
    for (let i = 0; i < 10; i += 1) seedContent(space, { name: `new ${i}.txt` });
    await signInOwner();
    await renderContentArea(space, { initialPreviewId: old.id });
    const drawer = await findDialog('old.txt');
    expect(await within(drawer).findByText('From long ago.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'old.txt' })).not.toBeInTheDocument();

  });

  it('says so when the item named in the address cannot be opened', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'plan.txt' });
    await signInOwner();
    await renderContentArea(space, { initialPreviewId: 'no-such-item' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not open that item. That content was not found.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockDb.data.contents).toHaveLength(1);
  });

  it('says so when a preview cannot load, and tries again', async () => {
    const space = seedSpace({ name: 'Launch' });
    seedContent(space, { name: 'report.txt', body: 'Hello there.' });
    server.use(http.get('*/api/v1/spaces/:id/contents/:content_id/text/', () => HttpResponse.error(), { once: true }));
    const { user, drawer } = await preview(space, 'report.txt');
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('We could not load this page. Network Error');
    await user.click(within(drawer).getByRole('button', { name: 'Try again' }));
    expect(await within(drawer).findByText('Hello there.')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).queryByRole('alert')).not.toBeInTheDocument());
  });
});

import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentsApi } from '@/client/http/contents-api';
import { mockDb, server } from '@/mocks/node';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, resetAuthAfterEach } from '@/tests/render';
import { resetRouter } from '@/tests/router';
import { seedSpace, signInOwner } from '../spaces/fixtures';
import { fileOf, findDialog, pngBytes, renderContentArea, stubNodeMultipart } from './fixtures';

setupMockServer();
stubNodeMultipart();
resetAuthAfterEach();
afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});
beforeEach(() => resetRouter('/spaces/x'));

const UPLOAD_URL = '*/api/v1/spaces/:id/contents/upload/';
const fileRow = (dialog: HTMLElement, name: string) => within(within(dialog).getByRole('list', { name: 'Uploads' })).getByRole('listitem', { name });

/** Opens "Upload files" for a new space of the owner. */
async function openUpload() {
  const space = seedSpace({ name: 'Launch' });
  await signInOwner();
  const { user } = await renderContentArea(space);
  await user.click(await screen.findByRole('button', { name: 'Upload' }));
  const dialog = await findDialog('Upload files');
  // A browser's picker can be told to show all files; drops are never filtered. The app must still check each file.
  const picker = userEvent.setup({ applyAccept: false });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { space, user, dialog, input, pick: (files: File[]) => picker.upload(input, files) };
}

/** Picks files, then starts every upload waiting in the list. */
async function pickAndUpload(opened: Awaited<ReturnType<typeof openUpload>>, files: File[]) {
  await opened.pick(files);
  await opened.user.click(await within(opened.dialog).findByRole('button', { name: /^Upload \d+ files?$/ }));
}

/** Chooses another kind for one listed file: its select, then the option (the open list is the last one drawn). */
async function chooseKind(user: ReturnType<typeof userEvent.setup>, row: HTMLElement, kind: string) {
  await user.click(within(row).getByRole('combobox'));
  const options = await screen.findAllByTitle(kind);
  await user.click(options.at(-1)!);
}

const pdfBytes = () => new TextEncoder().encode('%PDF-1.4\n%fake but well begun\n');

// Whole user journeys through antd dialogs: slow on a busy machine.
describe('upload', { timeout: 30_000 }, () => {
  it('starts with the files, not a kind: each file is listed with the kind read from it', async () => {
    const opened = await openUpload();
    const { dialog, input } = opened;
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    // The picker offers everything some kind takes.
    for (const extension of ['.pdf', '.csv', '.png', '.mp4', '.eml', '.doc']) expect(input.getAttribute('accept')).toContain(extension);
    expect(input).toHaveAttribute('multiple');

    await opened.pick([
      fileOf(pdfBytes(), 'report.pdf'),
      fileOf('name,qty\nPen,4\n', 'stock.csv'),
      fileOf(pngBytes(), 'photo.png'),
      fileOf('From: a@b.c\n\nHi', 'hello.eml'),
      fileOf('MZ', 'tool.exe'),
    ]);
    const kindOf = (name: string) => within(fileRow(dialog, name)).getByRole('combobox', { name: `Kind of ${name}` }).closest('.ant-select')?.textContent;
    expect(kindOf('report.pdf')).toBe('Document');
    expect(kindOf('stock.csv')).toBe('Table');
    expect(kindOf('photo.png')).toBe('Image');
    expect(kindOf('hello.eml')).toBe('Email');
    expect(within(fileRow(dialog, 'tool.exe')).getByRole('alert')).toHaveTextContent('.exe files cannot be uploaded.');
    // Nothing goes before the person says so.
    expect(mockDb.data.contents).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Upload 4 files' })).toBeEnabled();
  });

  it('uploads each file as the kind chosen for it, and explains a kind that does not take the file', async () => {
    const opened = await openUpload();
    const { dialog, user } = opened;
    await opened.pick([fileOf('name,email\nAsha,asha@example.com\n', 'people.csv'), fileOf(pngBytes(), 'photo.png')]);

    await chooseKind(user, fileRow(dialog, 'people.csv'), 'Contact');
    await chooseKind(user, fileRow(dialog, 'photo.png'), 'Table');
    expect(within(fileRow(dialog, 'photo.png')).getByRole('alert')).toHaveTextContent('Table uploads accept .csv, .tsv, .record, .xlsx files only.');
    expect(within(dialog).getByRole('button', { name: 'Upload 1 file' })).toBeInTheDocument();
    await chooseKind(user, fileRow(dialog, 'photo.png'), 'General');
    expect(within(fileRow(dialog, 'photo.png')).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }));
    expect(await within(fileRow(dialog, 'people.csv')).findByText(/Uploaded, processing follows/)).toBeInTheDocument();
    expect(await within(fileRow(dialog, 'photo.png')).findByText(/Uploaded, processing follows/)).toBeInTheDocument();
    expect(mockDb.data.contents.map((c) => [c.name, c.kind]).sort()).toEqual([['people.csv', 'contact'], ['photo.png', 'general']]);
    // Gone up: its kind can no longer change.
    expect(within(fileRow(dialog, 'people.csv')).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('refuses a file whose bytes are not what its name says, with no kind to choose and no retry', async () => {
    const opened = await openUpload();
    const { dialog } = opened;
    await opened.pick([fileOf('just some text', 'fake.pdf'), fileOf(pdfBytes(), 'real.pdf')]);
    const fake = fileRow(dialog, 'fake.pdf');
    expect(await within(fake).findByRole('alert')).toHaveTextContent("This file's contents are not what its .pdf extension says. Please upload the original file.");
    expect(within(fake).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(fake).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload 1 file' })).toBeInTheDocument();
  });

  it('refuses a wrong type on that file only, while the other uploads, then lists the upload', async () => {
    const gate = deferred();
    server.use(
      http.post(UPLOAD_URL, async () => {
        await gate.promise;
        // No answer: the mock API's own handler takes the upload.
      }),
    );
    const opened = await openUpload();
    const { dialog, user } = opened;
    await opened.pick([fileOf('name,qty\nPen,4\n', 'stock.csv'), fileOf(pngBytes(), 'photo.png')]);
    await chooseKind(user, fileRow(dialog, 'photo.png'), 'Table');
    await user.click(within(dialog).getByRole('button', { name: 'Upload 1 file' }));

    const photo = fileRow(dialog, 'photo.png');
    expect(within(photo).getByRole('alert')).toHaveTextContent('Table uploads accept .csv, .tsv, .record, .xlsx files only.');
    expect(within(photo).queryByRole('progressbar')).not.toBeInTheDocument();
    const stock = fileRow(dialog, 'stock.csv');
    expect(await within(stock).findByRole('progressbar')).toBeInTheDocument();
    expect(within(stock).getByRole('button', { name: 'Cancel stock.csv' })).toBeEnabled();

    gate.release();
    expect(await within(stock).findByText(/Uploaded, processing follows/)).toBeInTheDocument();
    expect(within(stock).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(mockDb.data.contents.map((c) => [c.name, c.kind])).toEqual([['stock.csv', 'table']]);

    const listed = await within(screen.getByRole('list', { name: 'Content of this space' })).findByRole('listitem', { name: 'stock.csv' });
    expect(within(listed).getByText('Queued')).toBeInTheDocument();
  });

  it('shows each file’s own progress', async () => {
    const upload = contentsApi.upload;
    const held = new Map<string, () => void>();
    vi.spyOn(contentsApi, 'upload').mockImplementation(async (spaceId, kind, file, options = {}) => {
      options.onProgress?.(file.name === 'a.txt' ? 40 : 75);
      await new Promise<void>((resolve) => held.set(file.name, resolve));
      return upload(spaceId, kind, file, options);
    });
    const opened = await openUpload();
    const { dialog } = opened;
    await pickAndUpload(opened, [fileOf('aaa', 'a.txt'), fileOf('bbb', 'b.txt')]);

    await waitFor(() => expect(within(fileRow(dialog, 'a.txt')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40'));
    expect(within(fileRow(dialog, 'b.txt')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');

    held.get('b.txt')?.();
    expect(await within(fileRow(dialog, 'b.txt')).findByText(/Uploaded/)).toBeInTheDocument();
    expect(within(fileRow(dialog, 'a.txt')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    held.get('a.txt')?.();
    expect(await within(fileRow(dialog, 'a.txt')).findByText(/Uploaded/)).toBeInTheDocument();
  });

  it('reports the upload’s progress from the request itself', async () => {
    const space = seedSpace({ name: 'Launch' });
    await signInOwner();
    const seen: number[] = [];
    await contentsApi.upload(space.id, 'document', fileOf('hello', 'hello.txt'), { onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toBe(100);
  });

  it('sends the file itself as the request body, with its type, named in the query', async () => {
    const space = seedSpace({ name: 'Launch' });
    await signInOwner();
    const seen: Array<{ kind: string | null; name: string | null; type: string | null; body: string }> = [];
    server.use(
      http.post(UPLOAD_URL, async ({ request }) => {
        const query = new URL(request.url).searchParams;
        seen.push({ kind: query.get('kind'), name: query.get('name'), type: request.headers.get('content-type'), body: await request.clone().text() });
      }),
    );
    const { data } = await contentsApi.upload(space.id, 'document', fileOf('Café notes', 'Plan & notes.txt', 'text/plain'));
    expect(seen).toEqual([{ kind: 'document', name: 'Plan & notes.txt', type: 'text/plain', body: 'Café notes' }]);
    expect(data).toMatchObject({ name: 'Plan & notes.txt', kind: 'document', status: 'queued' });
  });

  it('shows the server’s message for a refused file, and offers a retry only where one can succeed', async () => {
    const failures: Record<string, [number, string, string]> = {
      'big.txt': [413, 'file_too_large', 'This file is 60 MB; document uploads can be up to 50 MB.'],
      'odd.txt': [415, 'file_content_mismatch', "This file's contents are not what its .txt extension says. Please upload the original file."],
      'full.txt': [422, 'storage_quota', 'This upload would take the hub past its plan’s 1 GB of storage.'],
      'busy.txt': [503, 'unavailable', 'The service is busy. Please try again in a moment.'],
    };
    server.use(
      http.post(UPLOAD_URL, async ({ request }) => {
        const failure = failures[new URL(request.url).searchParams.get('name') ?? ''];
        if (failure) return HttpResponse.json({ message: failure[2], code: failure[1] }, { status: failure[0] });
      }),
    );
    const opened = await openUpload();
    const { dialog } = opened;
    await pickAndUpload(opened, [fileOf('1', 'big.txt'), fileOf('2', 'odd.txt'), fileOf('3', 'full.txt'), fileOf('4', 'busy.txt')]);
    for (const [name, [, , message]] of Object.entries(failures)) {
      expect(await within(fileRow(dialog, name)).findByRole('alert')).toHaveTextContent(message);
    }
    for (const name of ['big.txt', 'odd.txt', 'full.txt']) {
      expect(within(fileRow(dialog, name)).queryByRole('button', { name: `Retry ${name}` })).not.toBeInTheDocument();
    }

    delete failures['busy.txt'];
    await userEvent.click(within(fileRow(dialog, 'busy.txt')).getByRole('button', { name: 'Retry busy.txt' }));
    expect(await within(fileRow(dialog, 'busy.txt')).findByText(/Uploaded/)).toBeInTheDocument();
    expect(within(fileRow(dialog, 'busy.txt')).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(fileRow(dialog, 'big.txt')).getByRole('alert')).toBeInTheDocument();
    expect(mockDb.data.contents.map((c) => c.name)).toEqual(['busy.txt']);
  });

  it('cancels an upload in flight, and uploads it again on retry', async () => {
    const gate = deferred();
    let calls = 0;
    server.use(
      http.post(UPLOAD_URL, async () => {
        calls += 1;
        if (calls > 1) return undefined;
        await gate.promise;
        // Too late: the app stopped listening when it cancelled.
        return HttpResponse.json({ message: 'Gone', code: 'internal_error' }, { status: 500 });
      }),
    );
    const opened = await openUpload();
    const { dialog, user } = opened;
    await pickAndUpload(opened, [fileOf('hello', 'slow.txt')]);
    const row = fileRow(dialog, 'slow.txt');
    await user.click(within(row).getByRole('button', { name: 'Cancel slow.txt' }));
    expect(await within(row).findByText('Upload cancelled.')).toBeInTheDocument();
    expect(within(row).queryByRole('progressbar')).not.toBeInTheDocument();
    gate.release();

    await user.click(within(row).getByRole('button', { name: 'Retry slow.txt' }));
    expect(await within(row).findByText(/Uploaded/)).toBeInTheDocument();
    expect(mockDb.data.contents.map((c) => c.name)).toEqual(['slow.txt']);
    expect(calls).toBe(2);
  });
});

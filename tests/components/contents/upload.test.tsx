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
import { fileOf, findDialog, renderContentArea, stubNodeMultipart } from './fixtures';

vi.mock('next/router', () => import('@/tests/router'));

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

/** antd draws its own radio button over the input: click what people click, the label. */
async function chooseKind(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, kind: string) {
  const label = within(dialog).getByRole('radio', { name: kind }).closest('label');
  if (!label) throw new Error(`no label for ${kind}`);
  await user.click(label);
}

/** Opens "Upload files" for a new space of the owner, with the kind chosen. */
async function openUpload(kind = 'Document') {
  const space = seedSpace({ name: 'Launch' });
  await signInOwner();
  const { user } = await renderContentArea(space);
  await user.click(await screen.findByRole('button', { name: 'Upload' }));
  const dialog = await findDialog('Upload files');
  await chooseKind(user, dialog, kind);
  // A browser's picker can be told to show all files; drops are never filtered. The app must still check each file.
  const picker = userEvent.setup({ applyAccept: false });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { space, user, dialog, pick: (files: File[]) => picker.upload(input, files) };
}

// Whole user journeys through antd dialogs: slow on a busy machine.
describe('upload', { timeout: 30_000 }, () => {
  it('offers the kind’s extensions to the picker, and says what the kind takes', async () => {
    const { dialog, user } = await openUpload('Table');
    const input = dialog.querySelector('input[type="file"]');
    expect(input).toHaveAttribute('accept', '.csv,.tsv,.record,.xlsx');
    expect(input).toHaveAttribute('multiple');
    expect(dialog).toHaveTextContent('.csv, .tsv, .record, .xlsx, up to 25 MB each.');
    await chooseKind(user, dialog, 'Media');
    expect(within(dialog).getByRole('radio', { name: 'Media' })).toBeChecked();
    expect(input).toHaveAttribute('accept', expect.stringContaining('.mp4'));
  });

  it('refuses a wrong type on that file only, while the other uploads, then lists the upload', async () => {
    const gate = deferred();
    server.use(
      http.post(UPLOAD_URL, async () => {
        await gate.promise;
        // No answer: the mock API's own handler takes the upload.
      }),
    );
    const { dialog, pick } = await openUpload('Table');
    await pick([fileOf('name,qty\nPen,4\n', 'stock.csv'), fileOf('png?', 'photo.png')]);

    const photo = fileRow(dialog, 'photo.png');
    expect(within(photo).getByRole('alert')).toHaveTextContent('Table uploads accept .csv, .tsv, .record, .xlsx files only.');
    expect(within(photo).queryByRole('progressbar')).not.toBeInTheDocument();
    const stock = fileRow(dialog, 'stock.csv');
    expect(within(stock).getByRole('progressbar')).toBeInTheDocument();
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
    const { dialog, pick } = await openUpload();
    await pick([fileOf('aaa', 'a.txt'), fileOf('bbb', 'b.txt')]);

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

  it('shows the server’s message for a file too large, of a refused type, or over the quota, and retries', async () => {
    const failures: Record<string, [number, string, string]> = {
      'big.txt': [413, 'file_too_large', 'This file is 60 MB; document uploads can be up to 50 MB.'],
      'odd.txt': [415, 'file_content_mismatch', 'odd.txt is not really a .txt file: its content is of another type.'],
      'full.txt': [422, 'storage_quota', 'This upload would take the hub past its plan’s 1 GB of storage.'],
    };
    server.use(
      http.post(UPLOAD_URL, async ({ request }) => {
        const failure = failures[new URL(request.url).searchParams.get('name') ?? ''];
        if (failure) return HttpResponse.json({ message: failure[2], code: failure[1] }, { status: failure[0] });
      }),
    );
    const { dialog, pick } = await openUpload();
    await pick([fileOf('1', 'big.txt'), fileOf('2', 'odd.txt'), fileOf('3', 'full.txt')]);
    for (const [name, [, , message]] of Object.entries(failures)) {
      expect(await within(fileRow(dialog, name)).findByRole('alert')).toHaveTextContent(message);
    }

    delete failures['full.txt'];
    await userEvent.click(within(fileRow(dialog, 'full.txt')).getByRole('button', { name: 'Retry full.txt' }));
    expect(await within(fileRow(dialog, 'full.txt')).findByText(/Uploaded/)).toBeInTheDocument();
    expect(within(fileRow(dialog, 'full.txt')).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(fileRow(dialog, 'big.txt')).getByRole('alert')).toBeInTheDocument();
    expect(mockDb.data.contents.map((c) => c.name)).toEqual(['full.txt']);
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
    const { dialog, pick, user } = await openUpload();
    await pick([fileOf('hello', 'slow.txt')]);
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

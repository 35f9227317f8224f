import { describe, expect, it } from 'vitest';
import {
  contentItemSchema, contentRowSchema, emailViewSchema, TEXT_PAGE_CHARACTERS, textPageSchema,
} from '@/lib/contract/contents';
import { dataEnvelope, listEnvelope } from '@/lib/contract/envelope';
import { searchPageSchema } from '@/lib/contract/search';
import { contentsApi, searchApi } from '@/client/http/contents-api';
import { mockDb } from '@/mocks/node';
import { as, failure, follows } from '@/tests/infrastructure/mock-contract';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { seedSpace } from '../spaces/fixtures';
import { fileOf, pngBytes, stubNodeMultipart } from './fixtures';

setupMockServer();
stubNodeMultipart();




const item = dataEnvelope(contentItemSchema);

describe('mock content endpoints follow the contract', () => {
  // The mock reads no file: each kind becomes a fixed sample. Reading files is tested against the API (server/routes/contents).
  it('upload, process, list, read, rename, rows, text, email and delete', async () => {
    mockDb.processingDelays = { queuedMs: 0, processingMs: 0 };
    const space = seedSpace({ name: 'Launch' });
    as();
    const doc = follows(item, await contentsApi.upload(space.id, 'document', fileOf('Quarterly launch plan\nShip it.', 'plan.txt'))).data;
    expect(doc).toMatchObject({ status: 'queued', kind: 'document', source: 'upload', name: 'plan.txt', details: {} });
    const ready = follows(item, await contentsApi.get(space.id, doc.id)).data;
    expect(ready).toMatchObject({ status: 'ready', abilities: { rename: true, edit: false, delete: true } });
    expect(ready.urls.download).toMatch(/^\/api\/v1\/files\/.+\/original\/\?.*download=1/);

    const text = follows(dataEnvelope(textPageSchema), await contentsApi.text(space.id, doc.id)).data;
    expect(text).toMatchObject({ page: 1, page_count: 1, characters: ready.details.characters });
    expect(text.text).toMatch(/^plan\.txt\n/);

    const table = follows(item, await contentsApi.upload(space.id, 'table', fileOf('name,qty\nPen,4\n', 'stock.csv'))).data;
    const tableReady = follows(item, await contentsApi.get(space.id, table.id)).data;
    const rows = follows(listEnvelope(contentRowSchema), await contentsApi.rows(space.id, table.id));
    expect(rows.data).toHaveLength(tableReady.details.row_count ?? -1);
    expect(rows.data[0]?.cells).toHaveLength(tableReady.details.columns?.length ?? -1);

    const mail = follows(item, await contentsApi.upload(space.id, 'email', fileOf('Subject: Hi\r\n\r\nHello', 'launch.eml'))).data;
    const view = follows(dataEnvelope(emailViewSchema), await contentsApi.email(space.id, mail.id)).data;
    expect(view.attachments).toHaveLength(1);

    const image = follows(item, await contentsApi.upload(space.id, 'image', fileOf(pngBytes(640, 480), 'logo.png'))).data;
    const imageReady = follows(item, await contentsApi.get(space.id, image.id)).data;
    expect(imageReady.details).toMatchObject({ has_thumbnail: true });
    expect(imageReady.urls.thumbnail).toMatch(/\/thumbnail\//);

    // The signed file addresses answer with the uploaded bytes, and as a download when asked.
    const original = await fetch(`http://localhost${ready.urls.download ?? ''}`);
    expect(original.status).toBe(200);
    expect(await original.text()).toBe('Quarterly launch plan\nShip it.');
    expect(original.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''plan.txt");
    const attachment = await fetch(`http://localhost${view.attachments[0]?.download ?? ''}`);
    expect(attachment.status).toBe(200);
    expect((await fetch(`http://localhost/api/v1/files/${doc.id}/original/`)).status).toBe(401);

    const listed = follows(listEnvelope(contentItemSchema), await contentsApi.list(space.id, 1, { kind: 'table', sort: 'name', search: 'STOCK' }));
    expect(listed.data.map((c) => c.name)).toEqual(['stock.csv']);

    follows(item, await contentsApi.rename(space.id, doc.id, { name: 'Launch plan' }));
    expect(await contentsApi.remove(space.id, table.id)).toMatchObject({ data: null });
    expect(await failure(contentsApi.get(space.id, table.id))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('contacts and notes, and note edits', async () => {
    const space = seedSpace({ name: 'People' });
    as();
    const contact = follows(
      item,
      await contentsApi.addContact(space.id, {
        name: 'Ana Lima', email: 'Ana@Acme.io', contact_number: '+44 20 7946 0958', occupation: 'Engineer', address: '1 Main St', about: 'Met at the fair.',
      }),
    ).data;
    expect(contact).toMatchObject({ kind: 'contact', source: 'form', status: 'ready', details: { contact: { email: 'ana@acme.io' } } });
    const note = follows(item, await contentsApi.addNote(space.id, { title: 'Standup', body: 'Ana: shipping' })).data;
    expect(note).toMatchObject({ kind: 'general', source: 'note', status: 'ready', name: 'Standup' });
    follows(item, await contentsApi.updateNote(space.id, note.id, { title: 'Standup 2', body: 'Done' }));
    expect((await contentsApi.text(space.id, note.id)).data.text).toBe('Done');
    const invalid = await failure(contentsApi.addContact(space.id, { name: '', email: 'nope', contact_number: '1', occupation: 'x', address: 'y', about: 'z' }));
    expect(invalid).toMatchObject({ status: 400, code: 'validation_error', message: 'Please enter Name' });
    expect(await failure(contentsApi.updateNote(space.id, contact.id, { title: 'x' }))).toMatchObject({ status: 404 });

    const long = (await contentsApi.addNote(space.id, { title: 'Long', body: `${'a'.repeat(TEXT_PAGE_CHARACTERS)}tail!` })).data;
    const second = follows(dataEnvelope(textPageSchema), await contentsApi.text(space.id, long.id, 2)).data;
    expect(second).toEqual({ text: 'tail!', page: 2, page_count: 2, characters: TEXT_PAGE_CHARACTERS + 5 });
  });

  // Who may change what, and file types against their content, are tested against the API (server/routes/contents).
  it('refuses uploads the shared rules refuse, and items not ready', async () => {
    mockDb.processingDelays = { queuedMs: 60_000, processingMs: 60_000 };
    const space = seedSpace({ name: 'Launch' });
    as();
    expect(await failure(contentsApi.upload(space.id, 'image', fileOf('hello', 'notes.txt')))).toMatchObject({
      status: 415, code: 'unsupported_file_type', message: expect.stringMatching(/^Image uploads accept \.jpg/),
    });
    const queued = (await contentsApi.upload(space.id, 'document', fileOf('draft', 'draft.txt'))).data;
    expect(await failure(contentsApi.text(space.id, queued.id))).toMatchObject({ status: 422, code: 'content_not_ready' });
  });

  // Ranking and snippets are the API's (server/routes/search): the mock finds ready items by name and echoes it.
  it('searches ready content by name', async () => {
    const open = seedSpace({ name: 'Open' });
    const other = seedSpace({ name: 'Other' });
    as();
    await contentsApi.addNote(open.id, { title: 'Budget', body: 'the budget for Q3 is final' });
    await contentsApi.addNote(other.id, { title: 'Budget draft', body: 'nothing here' });
    await contentsApi.addNote(other.id, { title: 'Minutes', body: 'budget' });
    const found = follows(searchPageSchema, await searchApi.search(1, { q: 'budget' }));
    expect(found.data.map((r) => r.space.name).sort()).toEqual(['Open', 'Other']);
    const inSpace = follows(searchPageSchema, await searchApi.search(1, { q: 'BUDGET', space_id: open.id }));
    expect(inSpace.data.map((r) => r.snippet)).toEqual([[{ text: 'Budget', match: false }]]);
    // Author and days of the last change narrow the same state.
    const author = found.data[0]!.content.created_by!.id;
    const today = new Date().toISOString().slice(0, 10);
    expect((await searchApi.search(1, { q: 'budget', author_id: author, from: today, to: today })).data).toHaveLength(2);
    expect((await searchApi.search(1, { q: 'budget', author_id: '11111111-1111-4111-8111-111111111111' })).data).toEqual([]);
    expect((await searchApi.search(1, { q: 'budget', to: '2000-01-01' })).data).toEqual([]);
    expect(await failure(searchApi.search(1, { q: ' ' }))).toMatchObject({ status: 400, message: 'Please enter what to search for' });
  });
});

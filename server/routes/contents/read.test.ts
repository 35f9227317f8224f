import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_PAGE_CHARACTERS, type ContentRow, type EmailView, type TextPage } from '../../../lib/contract/contents';
import { spaces } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import {
  addToSpace, as, createSpace, hubWithPeople, SPACE_NOT_FOUND, type ErrorBody, type HubWithPeople,
} from '../spaces/space-test-kit';
import { insertContent, insertRows, ITEM_NOT_FOUND, storeObject, type ItemBody, type ItemPage } from './content-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const archive = (spaceId: string) => server.db.update(spaces).set({ archivedAt: new Date() }).where(eq(spaces.id, spaceId));

describe('GET spaces/{id}/contents/', () => {
  let world: HubWithPeople;
  let spaceId: string;
  const names: Record<string, string> = {};

  beforeAll(async () => {
    world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub, { visibility: 'public' });
    spaceId = space.id;
    const place = { hub: world.hub, space, by: world.owner };
    const base = Date.now() - 60_000;
    const specs = [
      { name: 'banana.txt', kind: 'document', status: 'ready', sizeBytes: 300 },
      { name: 'Apple plan.pdf', kind: 'document', status: 'processing', sizeBytes: 900 },
      { name: 'cherry.csv', kind: 'table', status: 'ready', sizeBytes: 100 },
      { name: '100%_done.png', kind: 'image', status: 'failed', sizeBytes: 50 },
      { name: 'date notes', kind: 'general', status: 'queued', sizeBytes: 700 },
    ] as const;
    for (const [i, spec] of specs.entries()) {
      const row = await insertContent(server, place, { ...spec, createdAt: new Date(base + i * 1000) });
      names[spec.name] = row.id;
    }
    // Neighbours that must never show up: another space of the same hub, and another hub.
    const otherSpace = await createSpace(server, world.owner, world.hub, { visibility: 'public' });
    await insertContent(server, { hub: world.hub, space: otherSpace, by: world.owner }, { name: 'elsewhere banana.txt' });
    const away = await hubWithPeople(server);
    const awaySpace = await createSpace(server, away.owner, away.hub, { visibility: 'public' });
    await insertContent(server, { hub: away.hub, space: awaySpace, by: away.owner }, { name: 'away banana.txt' });
  });

  const list = (query = '') => server.get<ItemPage>(`spaces/${spaceId}/contents/${query}`, as(world.viewer, world.hub));
  const namesOf = (page: ItemPage) => page.data.map((item) => item.name);

  it('lists the space\'s items newest first, with the total, to any member of the hub who can see the space', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 5, page: 1, page_size: 10 });
    expect(namesOf(res.body)).toEqual(['date notes', '100%_done.png', 'cherry.csv', 'Apple plan.pdf', 'banana.txt']);
    expect(res.body.data[4]).toMatchObject({
      id: names['banana.txt'], space_id: spaceId, kind: 'document', source: 'upload', status: 'ready',
      created_by: { id: world.owner.user.id, name: 'Hub Owner' },
    });
  });

  it.each([
    ['oldest', ['banana.txt', 'Apple plan.pdf', 'cherry.csv', '100%_done.png', 'date notes']],
    ['name', ['100%_done.png', 'Apple plan.pdf', 'banana.txt', 'cherry.csv', 'date notes']],
    ['size', ['Apple plan.pdf', 'date notes', 'banana.txt', 'cherry.csv', '100%_done.png']],
  ])('sorts by %s', async (sort, expected) => {
    expect(namesOf((await list(`?sort=${sort}`)).body)).toEqual(expected);
  });

  it('pages, and filters by kind, status and a piece of the name (wildcards taken literally)', async () => {
    const first = await list('?sort=oldest&page_size=2');
    const third = await list('?sort=oldest&page_size=2&page=3');
    expect({ first: namesOf(first.body), third: namesOf(third.body), count: third.body.count })
      .toEqual({ first: ['banana.txt', 'Apple plan.pdf'], third: ['date notes'], count: 5 });
    expect(namesOf((await list('?kind=document&sort=name')).body)).toEqual(['Apple plan.pdf', 'banana.txt']);
    expect(namesOf((await list('?status=ready&sort=name')).body)).toEqual(['banana.txt', 'cherry.csv']);
    expect(namesOf((await list('?search=APPLE')).body)).toEqual(['Apple plan.pdf']);
    expect(namesOf((await list('?search=%25_')).body)).toEqual(['100%_done.png']);
    expect((await list('?search=banana')).body).toMatchObject({ count: 1, data: [{ id: names['banana.txt'] }] });
  });

  it('refuses unknown filters with the field named', async () => {
    const res = await list('?kind=video&sort=random');
    expect(res.status).toBe(400);
    expect(Object.keys((res.body as unknown as ErrorBody).errors ?? {}).sort()).toEqual(['kind', 'sort']);
  });

  it('answers 404 for a space the caller cannot see, exactly as for a missing one', async () => {
    const secret = await createSpace(server, world.editor, world.hub, { visibility: 'shared' });
    await insertContent(server, { hub: world.hub, space: secret, by: world.editor }, { name: 'secret.txt' });
    const res = await server.get(`spaces/${secret.id}/contents/`, as(world.viewer, world.hub));
    expect(res.status).toBe(404);
    expect(res.body).toEqual(SPACE_NOT_FOUND);
  });
});

describe('GET spaces/{id}/contents/{content_id}/', () => {
  it('answers the item with signed file addresses: a safe type is viewed inline, anything is downloadable', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const pdf = await insertContent(server, { hub, space, by: owner }, { name: 'Plan.pdf', extension: 'pdf', mimeType: 'application/pdf', file: '%PDF-1.4' });
    const res = await server.get<ItemBody>(`spaces/${space.id}/contents/${pdf.id}/`, as(viewer, hub));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: pdf.id, name: 'Plan.pdf', size_bytes: 8, mime_type: 'application/pdf' });
    expect(res.body.data.urls.view).toMatch(new RegExp(`^/api/v1/files/${pdf.id}/original/\\?expires=\\d+&session=[0-9a-f-]+&signature=[\\w-]+$`));
    expect(res.body.data.urls.download).toMatch(/&download=1$/);
    expect(res.body.data.urls.thumbnail).toBeNull();

    const note = await insertContent(server, { hub, space, by: owner }, { kind: 'general', source: 'note', name: 'Thoughts', extension: null, mimeType: null });
    const noteRes = await server.get<ItemBody>(`spaces/${space.id}/contents/${note.id}/`, as(viewer, hub));
    expect(noteRes.body.data.urls).toEqual({ view: null, download: null, thumbnail: null });
  });

  it('answers 404 for an item of another space or another hub, and for ids that are no item', async () => {
    const home = await hubWithPeople(server);
    const away = await hubWithPeople(server);
    const space = await createSpace(server, home.owner, home.hub);
    const sibling = await createSpace(server, home.owner, home.hub);
    const awaySpace = await createSpace(server, away.owner, away.hub);
    const inSibling = await insertContent(server, { hub: home.hub, space: sibling, by: home.owner });
    const inAway = await insertContent(server, { hub: away.hub, space: awaySpace, by: away.owner });
    for (const id of [inSibling.id, inAway.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
      const res = await server.get(`spaces/${space.id}/contents/${encodeURIComponent(id)}/`, as(home.owner, home.hub));
      expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 404, body: ITEM_NOT_FOUND });
    }
    // Through the other hub's own space, named with this hub's handle: the space is not found first.
    const res = await server.get(`spaces/${awaySpace.id}/contents/${inAway.id}/`, as(home.owner, home.hub));
    expect(res.body).toEqual(SPACE_NOT_FOUND);
  });

  it('keeps items of an archived space readable', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const item = await insertContent(server, { hub, space, by: owner }, { body: 'Kept.' });
    await archive(space.id);
    expect((await server.get(`spaces/${space.id}/contents/`, as(viewer, hub))).body).toMatchObject({ count: 1 });
    expect((await server.get(`spaces/${space.id}/contents/${item.id}/`, as(viewer, hub))).status).toBe(200);
    expect((await server.get<{ data: TextPage }>(`spaces/${space.id}/contents/${item.id}/text/`, as(viewer, hub))).body.data.text).toBe('Kept.');
  });
});

describe('GET spaces/{id}/contents/{content_id}/text/', () => {
  let world: HubWithPeople;
  let spaceId: string;
  let place: Parameters<typeof insertContent>[1];
  beforeAll(async () => {
    world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub);
    spaceId = space.id;
    place = { hub: world.hub, space, by: world.owner };
  });
  const page = (id: string, query = '') => server.get<{ data: TextPage }>(`spaces/${spaceId}/contents/${id}/text/${query}`, as(world.viewer, world.hub));

  it('answers the text a page at a time, never splitting a character in two', async () => {
    // An emoji (two UTF-16 units) straddles the first page boundary.
    const body = `${'a'.repeat(TEXT_PAGE_CHARACTERS - 1)}😀${'b'.repeat(TEXT_PAGE_CHARACTERS)}c`;
    const item = await insertContent(server, place, { body });
    const [one, two, three] = await Promise.all([page(item.id), page(item.id, '?page=2'), page(item.id, '?page=3')]);
    expect(one.body.data).toMatchObject({ page: 1, page_count: 3, characters: body.length });
    expect(one.body.data.text).toBe('a'.repeat(TEXT_PAGE_CHARACTERS - 1));
    expect(two.body.data.text.startsWith('😀b')).toBe(true);
    expect(one.body.data.text + two.body.data.text + three.body.data.text).toBe(body);
    expect((await page(item.id, '?page=4')).status).toBe(404);
    expect((await page(item.id, '?page=0')).status).toBe(400);
  });

  it('answers one empty page for an item without text', async () => {
    const item = await insertContent(server, place, { body: null });
    expect((await page(item.id)).body.data).toEqual({ text: '', page: 1, page_count: 1, characters: 0 });
  });

  it.each([
    ['queued', null, 'This content is still being processed. Try again in a moment.'],
    ['processing', null, 'This content is still being processed. Try again in a moment.'],
    ['failed', 'The PDF is password-protected.', 'This content could not be processed: The PDF is password-protected.'],
    ['failed', null, 'This content could not be processed.'],
  ] as const)('answers 422 content_not_ready while the item is %s', async (status, failureReason, message) => {
    const item = await insertContent(server, place, { status, failureReason, body: 'Not yet' });
    const res = await page(item.id);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: 'content_not_ready', message });
  });
});

describe('GET spaces/{id}/contents/{content_id}/rows/', () => {
  it('pages the parsed rows in file order, with the total', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const table = await insertContent(server, { hub, space, by: owner }, {
      kind: 'table', name: 'people.csv', details: { columns: [{ name: 'Name', type: 'text' }, { name: 'Age', type: 'number' }], row_count: 12 },
    });
    const rows = Array.from({ length: 12 }, (_, i) => [`Person ${i}`, 20 + i, i % 2 === 0, null]);
    await insertRows(server, table, rows);
    const res = await server.get<{ data: ContentRow[]; count: number }>(`spaces/${space.id}/contents/${table.id}/rows/?page=2&page_size=5`, as(viewer, hub));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 12, page: 2, page_size: 5 });
    expect(res.body.data).toEqual(rows.slice(5, 10).map((cells, i) => ({ index: 5 + i, cells })));
    const last = await server.get<{ data: ContentRow[] }>(`spaces/${space.id}/contents/${table.id}/rows/?page=3&page_size=5`, as(viewer, hub));
    expect(last.body.data.map((row) => row.index)).toEqual([10, 11]);

    const pending = await insertContent(server, { hub, space, by: owner }, { kind: 'table', status: 'processing' });
    expect((await server.get(`spaces/${space.id}/contents/${pending.id}/rows/`, as(viewer, hub))).body).toMatchObject({ code: 'content_not_ready' });
  });
});

describe('GET spaces/{id}/contents/{content_id}/email/', () => {
  const email = {
    subject: 'Quarterly numbers', from: 'Ana <ana@example.com>', to: 'team@example.com', cc: '', date: '2024-05-01T09:00:00.000Z',
    attachments: [{ index: 0, name: 'numbers.csv', size_bytes: 11, mime_type: 'text/csv' }],
  };

  it('answers the headers, the text, the sanitised HTML from storage and signed attachment downloads that work', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const item = await insertContent(server, { hub, space, by: owner }, {
      kind: 'email', name: 'Quarterly numbers.eml', extension: 'eml', mimeType: 'message/rfc822', file: 'raw', body: 'See the numbers.', details: { email },
    });
    await storeObject(server, `${item.id}.body.html`, '<p>See the <b>numbers</b>.</p>');
    await storeObject(server, `${item.id}.att-0`, 'a,b\n1,2\n3,4');
    const res = await server.get<{ data: EmailView }>(`spaces/${space.id}/contents/${item.id}/email/`, as(viewer, hub));
    expect(res.status).toBe(200);
    const { attachments, ...rest } = res.body.data;
    expect(rest).toEqual({
      subject: 'Quarterly numbers', from: 'Ana <ana@example.com>', to: 'team@example.com', cc: '', date: '2024-05-01T09:00:00.000Z',
      text: 'See the numbers.', html: '<p>See the <b>numbers</b>.</p>',
    });
    expect(attachments).toEqual([{ ...email.attachments[0], download: expect.stringMatching(new RegExp(`^/api/v1/files/${item.id}/attachments/0/\\?.+&download=1$`)) }]);
    const file = await fetch(`${server.url}${attachments[0]!.download}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('a,b\n1,2\n3,4');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="numbers.csv"; filename*=UTF-8\'\'numbers.csv');
  });

  it('answers html null when the message had none, and 404 for an item that is not an email', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const plain = await insertContent(server, { hub, space, by: owner }, { kind: 'email', details: { email: { ...email, attachments: [] } }, body: 'Hi' });
    const res = await server.get<{ data: EmailView }>(`spaces/${space.id}/contents/${plain.id}/email/`, as(viewer, hub));
    expect(res.body.data).toMatchObject({ html: null, text: 'Hi', attachments: [] });
    const document = await insertContent(server, { hub, space, by: owner });
    const notEmail = await server.get(`spaces/${space.id}/contents/${document.id}/email/`, as(viewer, hub));
    expect({ status: notEmail.status, body: notEmail.body }).toEqual({ status: 404, body: { code: 'not_found', message: 'That email was not found.' } });
  });

  it('answers 404 to a hub member outside the shared space the email is in', async () => {
    const { hub, owner, editor, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'shared' });
    await addToSpace(server, owner, hub, space, viewer, 'viewer');
    const item = await insertContent(server, { hub, space, by: owner }, { kind: 'email', details: { email } });
    expect((await server.get(`spaces/${space.id}/contents/${item.id}/email/`, as(viewer, hub))).status).toBe(200);
    expect((await server.get(`spaces/${space.id}/contents/${item.id}/email/`, as(editor, hub))).body).toEqual(SPACE_NOT_FOUND);
  });
});

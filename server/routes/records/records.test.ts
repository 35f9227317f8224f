import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordItem } from '../../../lib/contract/records';
import type { SearchResult } from '../../../lib/contract/search';
import type { Template, TemplateField } from '../../../lib/contract/templates';
import type { Space } from '../../../lib/contract/spaces';
import { contentPassages, recordReindexRequests, records } from '../../db/schema';
import { insertRecords, reindexPendingTables } from '../../domain/records/save-records';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, createSpace, hubWithPeople, joinSpace, type ErrorBody, type HubWithPeople } from '../spaces/space-test-kit';
import { contentRow, insertContent, type ItemBody } from '../contents/content-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface RecordBody { data: RecordItem; message?: string }
interface RecordPage { data: RecordItem[]; count: number; page: number; page_size: number }

const fields: TemplateField[] = [
  { key: 'title', label: 'Title', type: 'text', required: true, max_length: 20 },
  { key: 'amount', label: 'Amount', type: 'number', required: false, min: 0, max: 100 },
  { key: 'count', label: 'Count', type: 'integer', required: false },
  { key: 'kind', label: 'Kind', type: 'select', required: false, options: ['Laptop', 'Phone'] },
  { key: 'tags', label: 'Tags', type: 'multi-select', required: false, options: ['new', 'old'] },
  { key: 'email', label: 'Email', type: 'email', required: false },
  { key: 'manual', label: 'Manual', type: 'file', required: false },
  { key: 'address', label: 'Address', type: 'form', required: false, fields: [
    { key: 'street', label: 'Street', type: 'text', required: true },
    { key: 'zip', label: 'Zip', type: 'string', required: false, max_length: 5 },
  ] },
  { key: 'status', label: 'Status', type: 'text', required: false, default: 'open' },
];

interface Table { world: HubWithPeople; space: Space; template: Template; tableId: string; base: string }

async function recordTable(): Promise<Table> {
  const world = await hubWithPeople(server);
  const space = await createSpace(server, world.owner, world.hub);
  await joinSpace(server, world.editor, world.hub, space);
  const made = await server.post<{ data: Template }>('form-templates/', { name: 'Assets', fields }, as(world.editor, world.hub));
  const template = made.body.data;
  const table = await server.post<ItemBody>(`spaces/${space.id}/contents/record-tables/`, { name: 'Equipment', template_id: template.id }, as(world.editor, world.hub));
  if (table.status !== 201) throw new Error(`create table failed: ${table.status} ${JSON.stringify(table.body)}`);
  return { world, space, template, tableId: table.body.data.id, base: `spaces/${space.id}/contents/${table.body.data.id}/records/` };
}

async function add(t: Table, values: Record<string, unknown>) {
  const res = await server.post<RecordBody>(t.base, { values }, as(t.world.editor, t.world.hub));
  if (res.status !== 201) throw new Error(`add record failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** What the processing loop does shortly after writes: rebuild the tables' search text. */
const reindexNow = () => reindexPendingTables({ db: server.db });

const list = async (t: Table, query: string) => server.get<RecordPage>(`${t.base}?${query}`, as(t.world.viewer, t.world.hub));
const titles = (page: RecordPage) => page.data.map((r) => r.values.title);

describe('record tables', () => {
  it('creates an empty, ready record table of a live template for whoever may add to the space', async () => {
    const t = await recordTable();
    const item = await contentRow(server, t.tableId);
    expect(item).toMatchObject({ kind: 'table', source: 'records', status: 'ready', name: 'Equipment', details: { template_id: t.template.id, row_count: 0 } });
    const read = await server.get<ItemBody>(`spaces/${t.space.id}/contents/${t.tableId}/`, as(t.world.owner, t.world.hub));
    expect(read.body.data.abilities).toMatchObject({ edit: true });

    const viewer = await server.post<ErrorBody>(`spaces/${t.space.id}/contents/record-tables/`, { name: 'X', template_id: t.template.id }, as(t.world.viewer, t.world.hub));
    expect(viewer.status).toBe(403);

    await server.patch(`form-templates/${t.template.id}/`, { version: 1, archived: true }, as(t.world.owner, t.world.hub));
    const archived = await server.post<ErrorBody>(`spaces/${t.space.id}/contents/record-tables/`, { name: 'X', template_id: t.template.id }, as(t.world.editor, t.world.hub));
    expect(archived.status).toBe(422);
    expect(archived.body.errors?.template_id).toEqual(['Assets is archived; please choose a template in use']);

    const other = await hubWithPeople(server);
    const foreign = await server.post<ErrorBody>(`spaces/${t.space.id}/contents/record-tables/`, { name: 'X', template_id: t.template.id }, as(other.owner, other.hub));
    expect(foreign.status).toBe(404);
  });
});

describe('records', () => {
  it('adds a record with the template’s defaults and checks values with the specification’s messages', async () => {
    const t = await recordTable();
    const created = await server.post<RecordBody>(t.base, { values: { title: ' Laptop 1 ', amount: '12.5', tags: ['new'] } }, as(t.world.editor, t.world.hub));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      values: { title: 'Laptop 1', amount: 12.5, tags: ['new'], status: 'open' },
      version: 1,
      created_by: { id: t.world.editor.user.id, name: 'Hub Editor' },
    });
    expect((await contentRow(server, t.tableId))?.details.row_count).toBe(1);

    const bad = await server.post<ErrorBody>(t.base, {
      values: {
        title: 'x'.repeat(21), amount: 101, count: 1.5, kind: 'Tablet', email: 'nope', address: { zip: '1234567' }, extra: 1,
      },
    }, as(t.world.editor, t.world.hub));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
    expect(bad.body.errors).toEqual({
      title: ['Title must be up to 20 characters'],
      amount: ['Amount must be between 0-100'],
      count: ['Count is not a valid integer'],
      kind: ['Kind is not a valid option'],
      email: ['Email is not a valid email'],
      address: ['Please enter Street', 'Zip must be up to 5 characters'],
      extra: ['There is no field "extra"'],
    });
    const missing = await server.post<ErrorBody>(t.base, { values: { title: '  ' } }, as(t.world.editor, t.world.hub));
    expect(missing.body.errors).toEqual({ title: ['Please enter Title'] });
  });

  it('takes a file only from the table’s own space', async () => {
    const t = await recordTable();
    const here = await insertContent(server, { hub: t.world.hub, space: t.space, by: t.world.owner }, { name: 'manual.pdf' });
    const elsewhere = await createSpace(server, t.world.owner, t.world.hub);
    const there = await insertContent(server, { hub: t.world.hub, space: elsewhere, by: t.world.owner }, { name: 'other.pdf' });
    const ok = await server.post<RecordBody>(t.base, { values: { title: 'A', manual: { content_id: here.id, name: 'manual.pdf', size: 10 } } }, as(t.world.editor, t.world.hub));
    expect(ok.status).toBe(201);
    const refused = await server.post<ErrorBody>(t.base, { values: { title: 'A', manual: { content_id: there.id, name: 'other.pdf', size: 10 } } }, as(t.world.editor, t.world.hub));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ manual: ['Manual is not a valid file'] });
  });

  it('lists a page sorted by any column (numbers as numbers), filtered and searched', async () => {
    const t = await recordTable();
    await add(t, { title: 'Banana stand', amount: 9, kind: 'Phone', tags: ['old'] });
    await add(t, { title: 'apple cart', amount: 10, kind: 'Laptop', tags: ['new', 'old'] });
    await add(t, { title: 'Cherry pit', amount: 100 });
    await add(t, { title: 'Date palm' });

    expect(titles((await list(t, '')).body)).toEqual(['Banana stand', 'apple cart', 'Cherry pit', 'Date palm']);
    expect(titles((await list(t, 'sort=amount')).body)).toEqual(['Banana stand', 'apple cart', 'Cherry pit', 'Date palm']);
    expect(titles((await list(t, 'sort=amount&order=desc')).body)).toEqual(['Cherry pit', 'apple cart', 'Banana stand', 'Date palm']);
    expect(titles((await list(t, 'sort=title')).body)).toEqual(['apple cart', 'Banana stand', 'Cherry pit', 'Date palm']);
    const page = (await list(t, 'sort=title&page=2&page_size=3')).body;
    expect(page).toMatchObject({ count: 4, page: 2, page_size: 3 });
    expect(titles(page)).toEqual(['Date palm']);

    const filtered = (filters: unknown) => list(t, `filters=${encodeURIComponent(JSON.stringify(filters))}`);
    expect(titles((await filtered([{ field: 'amount', op: 'gt', value: '9.5' }])).body)).toEqual(['apple cart', 'Cherry pit']);
    expect(titles((await filtered([{ field: 'amount', op: 'lt', value: '10' }])).body)).toEqual(['Banana stand']);
    expect(titles((await filtered([{ field: 'amount', op: 'empty' }])).body)).toEqual(['Date palm']);
    expect(titles((await filtered([{ field: 'kind', op: 'not_empty' }])).body)).toEqual(['Banana stand', 'apple cart']);
    expect(titles((await filtered([{ field: 'kind', op: 'equals', value: 'phone' }])).body)).toEqual(['Banana stand']);
    expect(titles((await filtered([{ field: 'tags', op: 'equals', value: 'new' }])).body)).toEqual(['apple cart']);
    expect(titles((await filtered([{ field: 'title', op: 'contains', value: 'AN' }, { field: 'amount', op: 'lt', value: '50' }])).body)).toEqual(['Banana stand']);
    expect(titles((await list(t, 'q=cart%20APPLE')).body)).toEqual(['apple cart']);
    expect(titles((await list(t, 'q=100%25')).body)).toEqual([]);

    const unknownSort = await server.get<ErrorBody>(`${t.base}?sort=colour`, as(t.world.viewer, t.world.hub));
    expect(unknownSort.status).toBe(400);
    expect(unknownSort.body).toMatchObject({ code: 'validation_error', errors: { sort: ['This table has no column "colour"'] } });
    const unknownFilter = await filtered([{ field: 'colour', op: 'empty' }]);
    expect(unknownFilter.status).toBe(400);
    expect((await filtered([{ field: 'amount', op: 'gt', value: 'lots' }])).status).toBe(400);
    expect((await server.get(`${t.base}?filters=nope`, as(t.world.viewer, t.world.hub))).status).toBe(400);
  });

  it('changes some values on top of the version, refusing a stale one with the spec’s message', async () => {
    const t = await recordTable();
    const record = await add(t, { title: 'Laptop', amount: 5 });
    const url = `${t.base}${record.id}/`;
    const changed = await server.patch<RecordBody>(url, { version: 1, values: { amount: 6 } }, as(t.world.owner, t.world.hub));
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ values: { title: 'Laptop', amount: 6, status: 'open' }, version: 2, updated_by: { id: t.world.owner.user.id } });

    const stale = await server.patch<ErrorBody>(url, { version: 1, values: { amount: 7 } }, as(t.world.editor, t.world.hub));
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      code: 'edit_conflict',
      message: 'Someone else changed this record while you were editing. Your change was not saved; the current values are shown.',
    });
    expect((await server.get<RecordBody>(url, as(t.world.viewer, t.world.hub))).body.data.values.amount).toBe(6);

    const invalid = await server.patch<ErrorBody>(url, { version: 2, values: { title: '' } }, as(t.world.editor, t.world.hub));
    expect(invalid.body.errors).toEqual({ title: ['Please enter Title'] });
    expect((await server.patch(url, { version: 2, values: { amount: 1 } }, as(t.world.viewer, t.world.hub))).status).toBe(403);
  });

  it('keeps a removed field’s values and applies a new required field only to new edits', async () => {
    const t = await recordTable();
    const record = await add(t, { title: 'Old laptop', amount: 40 });
    const next = [
      ...fields.map((f) => (f.key === 'amount' ? { ...f, removed: true } : f)),
      { key: 'owner', label: 'Owner', type: 'text' as const, required: true },
    ];
    const changed = await server.patch(`form-templates/${t.template.id}/`, { version: 1, fields: next }, as(t.world.editor, t.world.hub));
    expect(changed.status).toBe(200);
    await reindexNow();
    expect(titles((await list(t, 'q=40')).body)).toEqual([]);

    const url = `${t.base}${record.id}/`;
    const edited = await server.patch<RecordBody>(url, { version: 1, values: { title: 'Older laptop' } }, as(t.world.editor, t.world.hub));
    expect(edited.status).toBe(200);
    expect(edited.body.data.values).toMatchObject({ title: 'Older laptop', amount: 40, status: 'open' });
    expect(edited.body.data.values).not.toHaveProperty('owner');
    expect((await server.get<RecordBody>(url, as(t.world.viewer, t.world.hub))).body.data.values.amount).toBe(40);
    // Hidden from the table's text and search, kept in the record.
    await reindexNow();
    expect(titles((await list(t, 'q=40')).body)).toEqual([]);
    expect((await contentRow(server, t.tableId))?.body).toBe('Title: Older laptop · Status: open');

    const fresh = await server.post<ErrorBody>(t.base, { values: { title: 'New' } }, as(t.world.editor, t.world.hub));
    expect(fresh.body.errors).toEqual({ owner: ['Please enter Owner'] });
    expect((await server.patch<ErrorBody>(url, { version: 2, values: { owner: '' } }, as(t.world.editor, t.world.hub))).body.errors)
      .toEqual({ owner: ['Please enter Owner'] });
  });

  it('deletes a record and counts it out', async () => {
    const t = await recordTable();
    const record = await add(t, { title: 'Gone' });
    await add(t, { title: 'Stays' });
    const url = `${t.base}${record.id}/`;
    expect((await server.request('DELETE', url, as(t.world.viewer, t.world.hub))).status).toBe(403);
    expect((await server.request('DELETE', url, as(t.world.editor, t.world.hub))).status).toBe(200);
    expect((await server.get(url, as(t.world.viewer, t.world.hub))).status).toBe(404);
    expect(titles((await list(t, '')).body)).toEqual(['Stays']);
    expect((await contentRow(server, t.tableId))?.details.row_count).toBe(1);
  });

  it('takes many people adding to one table at once: every record saved, counted and searchable', async () => {
    const t = await recordTable();
    const other = await server.post<ItemBody>(`spaces/${t.space.id}/contents/record-tables/`, { name: 'Spares', template_id: t.template.id }, as(t.world.editor, t.world.hub));
    const spares = `spaces/${t.space.id}/contents/${other.body.data.id}/records/`;
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) =>
      server.post<RecordBody>(i % 4 === 3 ? spares : t.base, { values: { title: `Desk ${i}` } }, as(t.world.editor, t.world.hub))));
    expect(answers.map((a) => a.status)).toEqual(Array(24).fill(201));
    expect((await contentRow(server, t.tableId))?.details.row_count).toBe(18);
    expect((await contentRow(server, other.body.data.id))?.details.row_count).toBe(6);
    await reindexNow();
    const passages = await server.db.select().from(contentPassages).where(eq(contentPassages.contentId, t.tableId));
    expect(passages.map((p) => p.text).join('\n').match(/Desk \d+/g)).toHaveLength(18);
  });

  it('is found by the hub’s search, at the record', async () => {
    const t = await recordTable();
    await add(t, { title: 'Teapot', kind: 'Phone' });
    const record = await add(t, { title: 'Kettlebell', kind: 'Laptop' });
    await reindexNow();
    const found = await server.get<{ data: SearchResult[] }>('search/?q=kettlebell', as(t.world.viewer, t.world.hub));
    expect(found.status).toBe(200);
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0]).toMatchObject({ content: { id: t.tableId }, passage: { location: { record: record.id }, label: 'Record' } });
    const body = (await contentRow(server, t.tableId))?.body;
    expect(body).toBe('Title: Teapot · Kind: Phone · Status: open\nTitle: Kettlebell · Kind: Laptop · Status: open');
    const passages = await server.db.select().from(contentPassages).where(and(eq(contentPassages.contentId, t.tableId)));
    expect(passages.map((p) => p.text)).toEqual(['Title: Teapot · Kind: Phone · Status: open', 'Title: Kettlebell · Kind: Laptop · Status: open']);

    // A longer first record moves every later passage along the text; a new last one only adds its own.
    const first = (await list(t, 'page_size=1')).body.data[0];
    await server.patch(`${t.base}${first?.id}/`, { version: 1, values: { title: 'Big brown teapot' } }, as(t.world.editor, t.world.hub));
    await add(t, { title: 'Spoon' });
    await reindexNow();
    const text = (await contentRow(server, t.tableId))?.body ?? '';
    const moved = await server.db.select().from(contentPassages).where(eq(contentPassages.contentId, t.tableId)).orderBy(contentPassages.position);
    expect(moved.map((p) => [p.position, p.text])).toEqual([
      [0, 'Title: Big brown teapot · Kind: Phone · Status: open'], [1, 'Title: Kettlebell · Kind: Laptop · Status: open'], [2, 'Title: Spoon · Status: open'],
    ]);
    for (const p of moved) expect(text.slice(p.bodyStart, p.bodyEnd)).toBe(p.text);
    const spoon = await server.get<{ data: SearchResult[] }>('search/?q=spoon', as(t.world.viewer, t.world.hub));
    expect(spoon.body.data[0]?.passage?.start).toBe(moved[2]?.bodyStart);
  });

  it('saves records in batches and keeps a table of 2,000 counted, searchable and located by record', async () => {
    const t = await recordTable();
    const values = Array.from({ length: 2000 }, (_, i) => ({ title: `Item ${i}`, amount: i % 100, status: 'open' }));
    const saved = await insertRecords({
      db: server.db, hubId: t.world.hub.id, contentId: t.tableId, userId: t.world.owner.user.id, fields: t.template.fields, values,
    });
    expect(saved).toBe(2000);
    expect((await contentRow(server, t.tableId))?.details.row_count).toBe(2000);
    const record = await add(t, { title: 'Needle', amount: 3 });
    expect((await server.patch(`${t.base}${record.id}/`, { version: 1, values: { amount: 4 } }, as(t.world.editor, t.world.hub))).status).toBe(200);
    expect((await contentRow(server, t.tableId))?.details.row_count).toBe(2001);
    // However many writes asked, the table is rebuilt once.
    await reindexNow();
    expect(await server.db.select().from(recordReindexRequests).where(eq(recordReindexRequests.contentId, t.tableId))).toEqual([]);
    expect((await list(t, 'q=item%201999')).body.count).toBe(1);
    const passages = await server.db.select().from(contentPassages).where(eq(contentPassages.contentId, t.tableId));
    expect(passages).toHaveLength(2001);
    expect(passages.find((p) => p.text.startsWith('Title: Needle'))?.location).toEqual({ record: record.id });
  });

  it('keeps every record to its own table and hub', async () => {
    const t = await recordTable();
    const other = await recordTable();
    const record = await add(t, { title: 'Mine' });
    expect((await server.get(`${other.base}${record.id}/`, as(other.world.owner, other.world.hub))).status).toBe(404);
    expect((await server.get(`${t.base}${record.id}/`, as(other.world.owner, other.world.hub))).status).toBe(404);
    expect((await server.get(t.base, { hubHandle: t.world.hub.domain_handle })).status).toBe(401);
    expect((await server.get(t.base, { authorization: 'Bearer nope', hubHandle: t.world.hub.domain_handle })).status).toBe(401);
    const [row] = await server.db.select().from(records).where(eq(records.id, record.id));
    expect(row?.contentId).toBe(t.tableId);
  });

  it('never answers 500 to odd bodies', async () => {
    const t = await recordTable();
    const record = await add(t, { title: 'Target' });
    const odd: unknown[] = [
      null, [], 'x', 1, { values: null }, { values: [] }, { values: 'x' }, { values: { title: null } }, { values: { title: ['a'] } },
      { values: { title: { a: 1 } } }, { values: { amount: 'NaN' } }, { values: { amount: 1e400 } }, { values: { tags: 'new' } },
      { values: { tags: [1, null] } }, { values: { manual: { content_id: 'x' } } }, { values: { manual: 'file' } },
      { values: { address: 'x' } }, { values: { address: [1] } }, { values: { title: 'a\u0000b' } }, { values: { __proto__: 1 } },
      { version: 'x', values: {} }, { version: 1 }, { version: 2 ** 40, values: {} },
    ];
    for (const body of odd) {
      const created = await server.post(t.base, body, as(t.world.editor, t.world.hub));
      const updated = await server.patch(`${t.base}${record.id}/`, body, as(t.world.editor, t.world.hub));
      expect([created.status, updated.status].every((s) => s >= 400 && s < 500), JSON.stringify(body)).toBe(true);
    }
    const queries = ['sort=', 'order=up', 'page=0', 'filters=[{}]', `filters=${encodeURIComponent('[{"field":"amount","op":"gt"}]')}`, 'q=%00'];
    for (const query of queries) expect((await list(t, query)).status, query).toBeLessThan(500);
  });
});

import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../lib/contract/contents';
import { IMPORT_MAX_ROWS, importProgressSchema, importReportSchema } from '../../../lib/contract/records';
import { CONTACT_TEMPLATE_ID } from '../../../lib/contract/templates';
import { contents, recordImports } from '../../db/schema';
import { processFile, queueFile, processed, type Place } from '../../processing/processing-test-kit';
import { RATIO_BOMB, delimitedFile, xlsxFile } from '../../test/content-fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, createSpace, hubWithPeople, type Person } from '../spaces/space-test-kit';
import {
  createRecordTable, previewOf, recordWorld, runImport, storedValues, tablePath, uploadImport,
  type RecordWorld, type TableRef,
} from './import-test-kit';

let server: TestServer;
let world: RecordWorld;
beforeAll(async () => {
  server = await startTestServer({ processingConcurrency: 2 }, { processing: true });
  world = await recordWorld(server);
});
afterAll(async () => { await server.close(); });

const owner = () => ({ person: world.owner, hub: world.hub });
const newTable = (name = 'Projects') => createRecordTable(server, world.owner, world.hub, world.spaceId, world.templateId, name);
const header = ['Title', 'Budget', 'Seats', 'Owner email', 'Stage', 'Tags', 'Due'];
const csv = (...rows: Array<Array<string | number>>) => ({ name: 'projects.csv', data: delimitedFile([header, ...rows]) });
const rowCountOf = async (table: TableRef) => {
  const [row] = await server.db.select({ details: contents.details }).from(contents).where(eq(contents.id, table.contentId));
  return row?.details.row_count;
};

describe('POST …/records/imports/ then …/imports/{import_id}/', () => {
  it('previews the columns with samples and a suggested mapping, checks on a dry run, then saves', async () => {
    const table = await newTable();
    const preview = await previewOf(server, owner(), table, csv(
      ['Website', '120.5', '3', 'Asha@Example.com', 'Doing', 'red; blue', '2025-03-01'],
      ['Brochure', '', '', '', '', '', ''],
      ['Launch', '999', '12', 'ravi@example.com', 'Done', 'green', '2025-04-30'],
      ['Party', '10', '', '', '', 'blue', ''],
    ));
    expect(preview.row_count).toBe(4);
    expect(preview.columns).toEqual([
      { name: 'Title', samples: ['Website', 'Brochure', 'Launch'] },
      { name: 'Budget', samples: ['120.5', '999', '10'] },
      { name: 'Seats', samples: ['3', '12'] },
      { name: 'Owner email', samples: ['Asha@Example.com', 'ravi@example.com'] },
      { name: 'Stage', samples: ['Doing', 'Done'] },
      { name: 'Tags', samples: ['red; blue', 'green', 'blue'] },
      { name: 'Due', samples: ['2025-03-01', '2025-04-30'] },
    ]);
    expect(preview.suggested_mapping).toEqual({ title: 0, budget: 1, seats: 2, owner: 3, stage: 4, tags: 5, due: 6, legacy: null });
    const mapping = Object.fromEntries(Object.entries(preview.suggested_mapping).filter((e): e is [string, number] => e[1] !== null));

    const dry = await runImport(server, owner(), table, preview.import_id, { mapping, dry_run: true });
    expect(dry.status).toBe(200);
    expect(importReportSchema.strict().parse(dry.body.data)).toEqual({ row_count: 4, valid_count: 4, failed_count: 0, failures: [], imported: 0 });
    expect(await storedValues(server, table)).toEqual([]);

    const saved = await runImport(server, owner(), table, preview.import_id, { mapping, dry_run: false });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ data: { row_count: 4, valid_count: 4, failed_count: 0, imported: 4 }, message: 'Imported 4 records.' });
    // Numbers as numbers, lists split, blank cells absent, the template's default filled in.
    expect(await storedValues(server, table)).toEqual([
      { title: 'Website', budget: 120.5, seats: 3, owner: 'asha@example.com', stage: 'Doing', tags: ['red', 'blue'], due: '2025-03-01' },
      { title: 'Brochure', stage: 'Idea' },
      { title: 'Launch', budget: 999, seats: 12, owner: 'ravi@example.com', stage: 'Done', tags: ['green'], due: '2025-04-30' },
      { title: 'Party', budget: 10, stage: 'Idea', tags: ['blue'] },
    ].map((values) => ({ budget: null, seats: null, owner: null, tags: null, due: null, legacy: null, ...values })));
    expect(await rowCountOf(table)).toBe(4);

    const again = await runImport(server, owner(), table, preview.import_id, { mapping, dry_run: false });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('This file was already imported');
    expect(await storedValues(server, table)).toHaveLength(4);
  });

  it('lists exactly the failing rows and why on a dry run, and the real run saves the rest', async () => {
    const table = await newTable();
    const preview = await previewOf(server, owner(), table, csv(
      ['One', '1', '1', '', 'Idea', '', ''],
      ['', '2', '2', '', '', '', ''],
      ['Three', '3', '3', '', '', '', '2025-02-28'],
      ['Four', 'lots', '4.5', '', 'Maybe', 'purple', '2025-02-30'],
      ['Five', '1000', '', '', '', '', ''],
    ));
    const mapping = { title: 0, budget: 1, seats: 2, stage: 4, tags: 5, due: 6 };
    const failures = [
      { row: 2, errors: { title: ['Please enter Title'] } },
      {
        row: 4,
        errors: {
          budget: ['Budget is not a valid number'],
          seats: ['Seats is not a valid integer'],
          stage: ['Stage is not a valid option'],
          tags: ['Tags is not a valid option'],
          due: ['Due is not a valid date'],
        },
      },
    ];
    const dry = await runImport(server, owner(), table, preview.import_id, { mapping, dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toEqual({ row_count: 5, valid_count: 3, failed_count: 2, failures, imported: 0 });
    expect(await storedValues(server, table)).toEqual([]);

    const saved = await runImport(server, owner(), table, preview.import_id, { mapping, dry_run: false });
    expect(saved.body.data).toEqual({ row_count: 5, valid_count: 3, failed_count: 2, failures, imported: 3 });
    expect((await storedValues(server, table)).map((v) => v.title)).toEqual(['One', 'Three', 'Five']);
    expect(await rowCountOf(table)).toBe(3);
  });

  it('reads the first worksheet of an XLSX file, numbers and all', async () => {
    const table = await newTable();
    const preview = await previewOf(server, owner(), table, {
      name: 'Projects.xlsx',
      data: xlsxFile([['Title', 'Budget', 'Seats', 'Tags'], ['Roadmap', 250.75, 4, 'red,green'], ['Audit', null, 2, null]]),
    });
    expect(preview.columns.map((c) => c.name)).toEqual(['Title', 'Budget', 'Seats', 'Tags']);
    expect(preview.suggested_mapping).toMatchObject({ title: 0, budget: 1, seats: 2, tags: 3, owner: null });
    const res = await runImport(server, owner(), table, preview.import_id, { mapping: { title: 0, budget: 1, seats: 2, tags: 3 }, dry_run: false });
    expect(res.body.data).toMatchObject({ valid_count: 2, failed_count: 0, imported: 2 });
    expect(await storedValues(server, table)).toEqual([
      expect.objectContaining({ title: 'Roadmap', budget: 250.75, seats: 4, tags: ['red', 'green'] }),
      expect.objectContaining({ title: 'Audit', budget: null, seats: 2, tags: null }),
    ]);
  });

  it('reads a TSV file by its tabs', async () => {
    const table = await newTable();
    const preview = await previewOf(server, owner(), table, { name: 'list.tsv', data: delimitedFile([['Title', 'Seats'], ['Tabbed, with a comma', 5]], '\t') });
    expect(preview.columns).toEqual([{ name: 'Title', samples: ['Tabbed, with a comma'] }, { name: 'Seats', samples: ['5'] }]);
  });

  it('reports the failures in full up to the limit and counts the rest', async () => {
    const table = await newTable();
    const rows = Array.from({ length: 1005 }, (_, i) => [`Row ${i + 1}`, 'not a number']);
    const preview = await previewOf(server, owner(), table, { name: 'many.csv', data: delimitedFile([['Title', 'Budget'], ...rows]) });
    const res = await runImport(server, owner(), table, preview.import_id, { mapping: { title: 0, budget: 1 }, dry_run: true });
    expect(res.body.data).toMatchObject({ row_count: 1005, valid_count: 0, failed_count: 1005 });
    expect(res.body.data.failures).toHaveLength(1000);
    expect(res.body.data.failures.at(-1)).toEqual({ row: 1000, errors: { budget: ['Budget is not a valid number'] } });
  });

  it('refuses a mapping to fields the template does not have, or columns the file does not have (400)', async () => {
    const table = await newTable();
    const preview = await previewOf(server, owner(), table, csv(['One', '1', '1', '', '', '', '']));
    const res = await runImport(server, owner(), table, preview.import_id, { mapping: { title: 0, nope: 1, budget: 7 }, dry_run: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation_error',
      errors: { 'mapping.nope': ['There is no field "nope" to import into'], 'mapping.budget': ['This file has no column 8'] },
    });
  });

  it('answers 410 once the import has expired', async () => {
    const table = await newTable();
    const preview = await previewOf(server, owner(), table, csv(['One', '1', '1', '', '', '', '']));
    await server.db.update(recordImports).set({ createdAt: sql`now() - interval '61 minutes'` }).where(eq(recordImports.id, preview.import_id));
    const res = await runImport(server, owner(), table, preview.import_id, { mapping: { title: 0 }, dry_run: true });
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ code: 'not_found', message: 'This import has expired. Please upload the file again.' });
    // The next file read in the hub clears it away.
    await previewOf(server, owner(), table, csv(['Two', '', '', '', '', '', '']));
    expect(await server.db.select().from(recordImports).where(eq(recordImports.id, preview.import_id))).toEqual([]);
  });

  it('refuses a file without rows, and more rows than an import takes (422)', async () => {
    const table = await newTable();
    const empty = await uploadImport(server, owner(), table, { name: 'empty.csv', data: 'Title,Budget\n' });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('This file has no rows to import.');
    const lines = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `r${i}`).join('\n');
    const big = await uploadImport(server, owner(), table, { name: 'big.csv', data: `Title\n${lines}\n` });
    expect(big.status).toBe(422);
    expect(big.body.message).toBe('This file has more than 50,000 rows. Please split it into files of up to 50,000 rows and import each.');
  });
});

describe('GET …/imports/{import_id}/ and POST …/imports/{import_id}/cancel/', () => {
  const progressOf = (table: TableRef, importId: string, person: Person = world.owner) =>
    server.get<{ data: unknown } & { code: string }>(tablePath(table, `imports/${importId}/`), as(person, world.hub));
  const cancel = (table: TableRef, importId: string) => server.post<{ data: unknown }>(tablePath(table, `imports/${importId}/cancel/`), {}, as(world.owner, world.hub));
  const many = (n: number) => csv(...Array.from({ length: n }, (_, i) => [`Row ${i}`, i % 100, '', '', '', '', '']));

  it('follows a saving run: ready, then saved of total as it goes, then imported', async () => {
    const table = await newTable();
    const preview = await previewOf(server, owner(), table, many(20_000));
    expect((await progressOf(table, preview.import_id)).body.data).toEqual({ import_id: preview.import_id, state: 'ready', saved: 0, total: 0 });
    const running = runImport(server, owner(), table, preview.import_id, { mapping: { title: 0, budget: 1 }, dry_run: false });
    const seen: Array<{ state: string; saved: number; total: number }> = [];
    for (let done = false; !done;) {
      const progress = importProgressSchema.parse((await progressOf(table, preview.import_id)).body.data);
      seen.push(progress);
      done = progress.state === 'imported';
      await sleep(20);
    }
    expect((await running).body.data).toMatchObject({ imported: 20_000 });
    const during = seen.filter((p) => p.state === 'importing');
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((p) => p.total === 20_000 && p.saved >= 0 && p.saved <= 20_000)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ state: 'imported', saved: 20_000, total: 20_000 });
    expect(await rowCountOf(table)).toBe(20_000);
  });

  it('stops a run on request, saving nothing of it, and it can be run again', async () => {
    const table = await newTable();
    const preview = await previewOf(server, owner(), table, many(20_000));
    const mapping = { title: 0, budget: 1 };
    const running = runImport(server, owner(), table, preview.import_id, { mapping, dry_run: false });
    // Cancelled while it saves: after its first batch, long before its last.
    let saved = 0;
    while (saved === 0) {
      await sleep(10);
      saved = importProgressSchema.parse((await progressOf(table, preview.import_id)).body.data).saved;
    }
    expect((await cancel(table, preview.import_id)).status).toBe(200);
    const stopped = await running;
    expect(stopped.status).toBe(409);
    expect(stopped.body).toMatchObject({ code: 'conflict', message: 'The import was cancelled: nothing was imported.' });
    expect((await progressOf(table, preview.import_id)).body.data).toMatchObject({ state: 'cancelled', saved: 0 });
    expect(await storedValues(server, table)).toEqual([]);
    expect(await rowCountOf(table)).toBe(0);

    const again = await runImport(server, owner(), table, preview.import_id, { mapping, dry_run: false });
    expect(again.body.data).toMatchObject({ imported: 20_000 });
    // Once saved, a cancel changes nothing.
    expect((await cancel(table, preview.import_id)).body.data).toMatchObject({ state: 'imported', saved: 20_000 });
    expect(await rowCountOf(table)).toBe(20_000);
  });

  it("answers 404 for another person's import, and 403 to a viewer", async () => {
    const table = await newTable();
    const preview = await previewOf(server, owner(), table, many(1));
    expect((await progressOf(table, preview.import_id, world.editor)).status).toBe(404);
    expect((await progressOf(table, preview.import_id, world.viewer)).status).toBe(403);
    const refused = await server.post(tablePath(table, `imports/${preview.import_id}/cancel/`), {}, as(world.editor, world.hub));
    expect(refused.status).toBe(404);
  });
});

describe('POST …/records/imports/from-content/', () => {
  let place: Place;
  beforeAll(async () => {
    place = { owner: world.owner, hub: world.hub, space: { id: world.spaceId } as Place['space'] };
  });
  const fromContent = (table: TableRef, contentId: string, person: Person = world.owner) =>
    server.post<{ data: { import_id: string; row_count: number; columns: Array<{ name: string }>; suggested_mapping: Record<string, number | null> } } & { message: string; code: string }>(
      tablePath(table, 'imports/from-content/'), { content_id: contentId }, as(person, world.hub),
    );

  it('turns an uploaded contact file into contact records', async () => {
    const item = await processFile(server, place, 'contact', 'people.csv', delimitedFile([
      ['Full name', 'E-mail', 'Mobile', 'Job title', 'Employer', 'Location', 'Notes'],
      ['Asha Rao', 'asha@example.com', '+44 20 7946 0958', 'Engineer', 'Acme', '1 High St', 'Met at the fair'],
      ['Ravi Patel', 'not-an-email', '+44 20 7946 0959', 'Designer', '', '2 Low St', 'Friend of Asha'],
    ]));
    expect(item.status).toBe('ready');
    const table = await createRecordTable(server, world.owner, world.hub, world.spaceId, CONTACT_TEMPLATE_ID, 'Contacts');
    const res = await fromContent(table, item.id);
    expect(res.status).toBe(201);
    expect(res.body.data.row_count).toBe(2);
    expect(res.body.data.suggested_mapping).toEqual({ name: 0, email: 1, contact_number: 2, occupation: 3, company_name: 4, address: 5, about: 6 });
    const mapping = { name: 0, email: 1, contact_number: 2, occupation: 3, company_name: 4, address: 5, about: 6 };
    const run = await runImport(server, owner(), table, res.body.data.import_id, { mapping, dry_run: false });
    expect(run.body.data).toEqual({
      row_count: 2, valid_count: 1, failed_count: 1, imported: 1, failures: [{ row: 2, errors: { email: ['Email is not a valid email'] } }],
    });
    expect(await storedValues(server, table)).toEqual([{
      name: 'Asha Rao', email: 'asha@example.com', contact_number: '+44 20 7946 0958', occupation: 'Engineer',
      company_name: 'Acme', address: '1 High St', about: 'Met at the fair',
    }]);
  });

  it('turns an uploaded table into records, its numbers read back as numbers', async () => {
    const item = await processFile(server, place, 'table', 'budget.xlsx', xlsxFile([['Title', 'Budget'], ['Hall', 300], ['Food', 42.5]]));
    expect(item.status).toBe('ready');
    const table = await newTable();
    const res = await fromContent(table, item.id);
    expect(res.status).toBe(201);
    expect(res.body.data.columns.map((c) => c.name)).toEqual(['Title', 'Budget']);
    const run = await runImport(server, owner(), table, res.body.data.import_id, { mapping: { title: 0, budget: 1 }, dry_run: false });
    expect(run.body.data.imported).toBe(2);
    expect((await storedValues(server, table)).map((v) => [v.title, v.budget])).toEqual([['Hall', 300], ['Food', 42.5]]);
  });

  it('answers 404 for an item of another space or hub, and 422 for one that is not an uploaded table or contact file, or not ready', async () => {
    const table = await newTable();
    const otherSpace = await createSpace(server, world.owner, world.hub);
    const elsewhere = await processFile(server, { ...place, space: otherSpace }, 'table', 't.csv', delimitedFile([['A'], ['1']]));
    expect((await fromContent(table, elsewhere.id)).status).toBe(404);

    const away = await hubWithPeople(server);
    const awaySpace = await createSpace(server, away.owner, away.hub);
    const otherHub = await processFile(server, { owner: away.owner, hub: away.hub, space: awaySpace }, 'table', 't.csv', delimitedFile([['A'], ['1']]));
    expect((await fromContent(table, otherHub.id)).status).toBe(404);

    const document = await processFile(server, place, 'document', 'notes.txt', Buffer.from('Just words'));
    const wrongKind = await fromContent(table, document.id);
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.message).toBe('Only an uploaded table or contact file can be imported.');
    expect((await fromContent(table, table.contentId)).status).toBe(422);

    // Its file is missing, so processing fails: never ready.
    const failed = await processed(server, await queueFile(server, place, 'table', 'gone.csv', null));
    const notReady = await fromContent(table, failed.id);
    expect(notReady.status).toBe(422);
    expect(notReady.body.code).toBe('content_not_ready');
  });
});

describe('who may import', () => {
  let table: TableRef;
  let importId: string;
  const file = csv(['One', '', '', '', '', '', '']);
  beforeAll(async () => {
    table = await newTable();
    importId = (await previewOf(server, owner(), table, file)).import_id;
  });

  it.each([
    ['no token', undefined],
    ['a bad token', 'JWT not-a-real-token'],
  ])('needs a signed-in member (401 with %s)', async (_name, authorization) => {
    expect((await uploadImport(server, { hub: world.hub, authorization }, table, file)).status).toBe(401);
  });

  it('answers 404 to a member of another hub, and 403 to a viewer of the space', async () => {
    const away = await hubWithPeople(server);
    const outsider = await uploadImport(server, { person: away.owner, hub: away.hub }, table, file);
    expect(outsider.status).toBe(404);
    expect((await runImport(server, { person: away.owner, hub: away.hub }, table, importId, { mapping: { title: 0 }, dry_run: true })).status).toBe(404);
    const viewer = await uploadImport(server, { person: world.viewer, hub: world.hub }, table, file);
    expect(viewer.status).toBe(403);
    expect((await runImport(server, { person: world.viewer, hub: world.hub }, table, importId, { mapping: { title: 0 }, dry_run: true })).status).toBe(403);
  });

  it("answers 404 for another person's import, or an import for another table", async () => {
    const editor = { person: world.editor, hub: world.hub };
    expect((await runImport(server, editor, table, importId, { mapping: { title: 0 }, dry_run: true })).status).toBe(404);
    const other = await newTable();
    expect((await runImport(server, owner(), other, importId, { mapping: { title: 0 }, dry_run: true })).status).toBe(404);
    expect((await runImport(server, owner(), table, importId, { mapping: { title: 0 }, dry_run: true })).status).toBe(200);
  });
});

describe('hostile files', () => {
  let table: TableRef;
  beforeAll(async () => { table = await newTable(); });

  it('refuses bytes that are not what the extension says (415)', async () => {
    const res = await uploadImport(server, owner(), table, { name: 'data.csv', data: Buffer.concat([Buffer.from('MZ'), randomBytes(2000), Buffer.from([0])]) });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('file_content_mismatch');
  });

  it('refuses other file types (415) and empty files (400)', async () => {
    const res = await uploadImport(server, owner(), table, { name: 'data.pdf', data: '%PDF-1.4' });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'unsupported_file_type', message: 'Imports accept .csv, .tsv, .xlsx files only.' });
    expect((await uploadImport(server, owner(), table, { name: 'data.csv', data: '' })).status).toBe(400);
  });

  it('needs the Content-Length header (411)', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('Title\nOne\n'));
        controller.close();
      },
    });
    const res = await fetch(`${server.url}/api/v1/${tablePath(table, 'imports/?name=chunked.csv')}`, {
      method: 'POST',
      headers: { Authorization: `JWT ${world.owner.token}`, 'Org-Handle': world.hub.domain_handle, 'Content-Type': 'text/csv' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(411);
    expect(await res.json()).toMatchObject({ code: 'length_required' });
  });

  it('refuses a file over the size limit (413) before reading it', async () => {
    const res = await uploadImport(server, owner(), table, { name: 'huge.csv', data: Buffer.alloc(MAX_UPLOAD_BYTES.table + 1, 'a') });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('file_too_large');
  });

  it('refuses a zip bomb named .xlsx (422) and leaves the server answering', async () => {
    const res = await uploadImport(server, owner(), table, { name: 'bomb.xlsx', data: xlsxFile([['Title'], ['x']], RATIO_BOMB) });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^This file expands to more than/);
    expect((await server.get('auth/me/', { token: world.owner.token })).status).toBe(200);
  });

  it('refuses a damaged spreadsheet (422) with a sentence, never a crash', async () => {
    const res = await uploadImport(server, owner(), table, { name: 'broken.xlsx', data: xlsxFile([['Title'], ['x']]).subarray(0, 300) });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This spreadsheet could not be read: it may be damaged or password-protected.');
  });
});

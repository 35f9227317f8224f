import ExcelJS from 'exceljs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../lib/csv';
import { templateSchema } from '../../../lib/contract/templates';
import { records } from '../../db/schema';
import { delimitedFile } from '../../test/content-fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, hubWithPeople, type Person } from '../spaces/space-test-kit';
import { createRecordTable, previewOf, recordWorld, runImport, tablePath, type RecordWorld, type TableRef } from './import-test-kit';

let server: TestServer;
let world: RecordWorld;
let table: TableRef;
const owner = () => ({ person: world.owner, hub: world.hub });

const header = ['Title', 'Budget', 'Seats', 'Owner email', 'Stage', 'Tags', 'Due', 'Legacy code'];
const rows = [
  ['=HYPERLINK("http://evil.example")', '12.5', '3', 'a@example.com', 'Doing', 'red, blue', '2025-01-02', '@SUM(A1)'],
  ['Say "hi", then leave', '', '', '', '', '', '', '+44'],
  ['-minus', '', '', '', 'Done', '', '', ''],
];

/** Fills a table by importing `data` with every column mapped to its field. */
async function fill(into: TableRef, data: string[][], columns = header) {
  const preview = await previewOf(server, owner(), into, { name: 'fill.csv', data: delimitedFile([columns, ...data]) });
  const mapping = Object.fromEntries(Object.entries(preview.suggested_mapping).filter((e): e is [string, number] => e[1] !== null));
  const res = await runImport(server, owner(), into, preview.import_id, { mapping, dry_run: false });
  if (res.body.data.imported !== data.length) throw new Error(`fill failed: ${JSON.stringify(res.body)}`);
}

beforeAll(async () => {
  server = await startTestServer();
  world = await recordWorld(server);
  table = await createRecordTable(server, world.owner, world.hub, world.spaceId, world.templateId, 'Q3 "plans"/ideas');
  await fill(table, rows);
  // The legacy field is taken out of the template afterwards: its values stay, and are exported.
  const template = templateSchema.parse((await server.get<{ data: unknown }>(`form-templates/${world.templateId}/`, as(world.owner, world.hub))).body.data);
  const fields = template.fields.map((f) => (f.key === 'legacy' ? { ...f, removed: true } : f));
  const patched = await server.patch(`form-templates/${world.templateId}/`, { version: template.version, fields }, as(world.owner, world.hub));
  if (patched.status !== 200) throw new Error(`template change failed: ${JSON.stringify(patched.body)}`);
});
afterAll(async () => { await server.close(); });

function exportOf(of: TableRef, format: string, person: Person | null = world.owner, hub = world.hub) {
  const headers: Record<string, string> = { 'Org-Handle': hub.domain_handle };
  if (person) headers.Authorization = `JWT ${person.token}`;
  return fetch(`${server.url}/api/v1/${tablePath(of, `export/?format=${format}`)}`, { headers });
}

const storedTimes = async (of: TableRef) =>
  (await server.db.select({ createdAt: records.createdAt, updatedAt: records.updatedAt }).from(records)
    .where(eq(records.contentId, of.contentId)).orderBy(asc(records.createdAt), asc(records.id)))
    .map((r) => [r.createdAt.toISOString(), r.updatedAt.toISOString()]);

const expectedCells = [
  ['Title', 'Budget', 'Seats', 'Owner email', 'Stage', 'Tags', 'Due', 'Legacy code (removed)', 'Created', 'Updated'],
  ['=HYPERLINK("http://evil.example")', '12.5', '3', 'a@example.com', 'Doing', 'red, blue', '2025-01-02', '@SUM(A1)'],
  ['Say "hi", then leave', '', '', '', 'Idea', '', '', '+44'],
  ['-minus', '', '', '', 'Done', '', '', ''],
];

describe('GET …/records/export/', () => {
  it('answers every record as CSV: live fields, removed ones, then when each was made; formulas neutralised', async () => {
    const res = await exportOf(table, 'csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Q3 _plans_ideas.csv"; filename*=UTF-8''Q3%20_plans_ideas.csv`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    // No byte-order mark: the file starts with its first quoted heading.
    expect(bytes.subarray(0, 7).toString('utf8')).toBe('"Title"');
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://evil.example"")","12.5","3","a@example.com","Doing","red, blue","2025-01-02","'@SUM(A1)",${
      (await storedTimes(table))[0]!.map((t) => `"${t}"`).join(',')}`);
    const times = await storedTimes(table);
    const neutralised = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
    expect(parseCsv(text)).toEqual([
      expectedCells[0],
      ...expectedCells.slice(1).map((cells, i) => [...cells.map(neutralised), ...times[i]!]),
    ]);
  });

  it('answers every record as XLSX, which reads back cell for cell, text kept as text', async () => {
    const res = await exportOf(table, 'xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Q3 _plans_ideas.xlsx"; filename*=UTF-8''Q3%20_plans_ideas.xlsx`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const read: unknown[][] = [];
    // row.values is 1-based and sparse: an empty cell is a hole.
    sheet.eachRow((row) => { read.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? '')); });
    const times = await storedTimes(table);
    expect(read).toEqual([expectedCells[0], ...expectedCells.slice(1).map((cells, i) => [...cells, ...times[i]!])]);
    // A formula-looking value is a string cell, never a formula.
    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.String);
  });

  it('pages through every record of a long table, in the order they were added', async () => {
    const long = await createRecordTable(server, world.owner, world.hub, world.spaceId, world.templateId, 'Long');
    await fill(long, Array.from({ length: 1203 }, (_, i) => [`Row ${i + 1}`]), ['Title']);
    const cells = parseCsv(await (await exportOf(long, 'csv')).text());
    expect(cells).toHaveLength(1204);
    expect(cells.slice(1).map((row) => row[0])).toEqual(Array.from({ length: 1203 }, (_, i) => `Row ${i + 1}`));
  });

  it('needs read access only: a viewer exports; no session is 401, another hub 404, an unknown format 400', async () => {
    expect((await exportOf(table, 'csv', world.viewer)).status).toBe(200);
    expect((await exportOf(table, 'csv', null)).status).toBe(401);
    const away = await hubWithPeople(server);
    const outsider = await exportOf(table, 'csv', away.owner, away.hub);
    expect(outsider.status).toBe(404);
    expect(await outsider.text()).not.toContain('HYPERLINK');
    expect((await exportOf(table, 'pdf')).status).toBe(400);
  });
});

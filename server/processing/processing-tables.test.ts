import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../test/harness';
import { delimitedFile, xlsxFile } from '../test/content-fixtures';
import { MAX_ROWS } from './processing-result';
import { processFile, startProcessingServer, storedRows, type Place } from './processing-test-kit';

let server: TestServer;
let place: Place;
beforeAll(async () => { ({ server, place } = await startProcessingServer()); });
afterAll(async () => { await server.close(); });

describe('table uploads', { timeout: 120_000 }, () => {
  it('reads a CSV: header, column types, typed rows, and its text for search', async () => {
    const item = await processFile(server, place, 'table', 'team.csv', delimitedFile([
      ['Name', 'Age', 'Active', 'Started', 'Email'],
      ['Ann, Jr.', 31, 'yes', '2024-01-02', 'ann@example.com'],
      ['Bob', 42, 'no', '2023-11-30', 'bob@example.com'],
    ]));
    expect(item).toMatchObject({ status: 'ready', failureReason: null });
    expect(item.details).toEqual({
      columns: [
        { name: 'Name', type: 'text' }, { name: 'Age', type: 'number' }, { name: 'Active', type: 'boolean' },
        { name: 'Started', type: 'date' }, { name: 'Email', type: 'email' },
      ],
      row_count: 2,
    });
    expect(await storedRows(server, item)).toEqual([
      ['Ann, Jr.', 31, true, '2024-01-02', 'ann@example.com'],
      ['Bob', 42, false, '2023-11-30', 'bob@example.com'],
    ]);
    expect(item.body).toBe('Name\tAge\tActive\tStarted\tEmail\nAnn, Jr.\t31\ttrue\t2024-01-02\tann@example.com\nBob\t42\tfalse\t2023-11-30\tbob@example.com');
  });

  it('reads TSV and finds the delimiter of other delimited files', async () => {
    const [tsv, record] = await Promise.all([
      processFile(server, place, 'table', 'cities.tsv', delimitedFile([['City', 'Population'], ['Oslo', '709000']], '\t')),
      processFile(server, place, 'table', 'cities.record', delimitedFile([['City', 'Country'], ['Lima', 'Peru'], ['Pune', 'India']], ';')),
    ]);
    expect(tsv.details.columns).toEqual([{ name: 'City', type: 'text' }, { name: 'Population', type: 'number' }]);
    expect(await storedRows(server, tsv)).toEqual([['Oslo', 709000]]);
    expect(record.details).toMatchObject({ columns: [{ name: 'City', type: 'text' }, { name: 'Country', type: 'text' }], row_count: 2 });
    expect(await storedRows(server, record)).toEqual([['Lima', 'Peru'], ['Pune', 'India']]);
  });

  it('names columns "Column 1…" when the file has no header', async () => {
    const item = await processFile(server, place, 'table', 'numbers.csv', delimitedFile([[1, 2], [3, 4]]));
    expect(item.details).toEqual({ columns: [{ name: 'Column 1', type: 'number' }, { name: 'Column 2', type: 'number' }], row_count: 2 });
    expect(await storedRows(server, item)).toEqual([[1, 2], [3, 4]]);
  });

  it('reads the first sheet of an Excel workbook with its numbers and yes/no values', async () => {
    const item = await processFile(server, place, 'table', 'stock.xlsx', xlsxFile([
      ['Product', 'Units', 'In stock'],
      ['Pens', 120, true],
      ['Ink', 0, false],
    ]));
    expect(item.details).toEqual({
      columns: [{ name: 'Product', type: 'text' }, { name: 'Units', type: 'number' }, { name: 'In stock', type: 'boolean' }],
      row_count: 2,
    });
    expect(await storedRows(server, item)).toEqual([['Pens', 120, true], ['Ink', 0, false]]);
  });

  it(`keeps the first ${MAX_ROWS.toLocaleString('en')} rows of a larger file`, async () => {
    const lines = ['id,label', ...Array.from({ length: MAX_ROWS + 5 }, (_, i) => `${i},row ${i}`)];
    const item = await processFile(server, place, 'table', 'big.csv', Buffer.from(lines.join('\n')));
    expect(item.status).toBe('ready');
    expect(item.details.row_count).toBe(MAX_ROWS);
    const rows = await storedRows(server, item);
    expect(rows).toHaveLength(MAX_ROWS);
    expect(rows.at(-1)).toEqual([MAX_ROWS - 1, `row ${MAX_ROWS - 1}`]);
  });
});

describe('contact uploads', { timeout: 120_000 }, () => {
  const formFields = ['name', 'email', 'contact_number', 'occupation', 'company_name', 'address', 'about'];

  it('maps a CSV’s columns onto the contact form fields', async () => {
    const item = await processFile(server, place, 'contact', 'people.csv', delimitedFile([
      ['E-mail', 'Name', 'Mobile', 'Title', 'Company', 'Address', 'About'],
      ['asha@example.com', 'Asha Rao', '+91 98765 43210', 'Engineer', 'Acme', '12 MG Road, Pune', 'Met at a meetup'],
    ]));
    expect(item.status).toBe('ready');
    expect(item.details.columns?.map((c) => c.name)).toEqual(formFields);
    expect(item.details.row_count).toBe(1);
    expect(await storedRows(server, item)).toEqual([
      ['Asha Rao', 'asha@example.com', '+91 98765 43210', 'Engineer', 'Acme', '12 MG Road, Pune', 'Met at a meetup'],
    ]);
  });

  it('reads each person as labelled values, never the field keys, for search and the reader', async () => {
    const item = await processFile(server, place, 'contact', 'team.csv', delimitedFile([
      ['Name', 'Title', 'Company', 'Department'],
      ['Asha Rao', 'Analyst', 'Acme', 'Budget'],
    ]));
    expect(item.body).toBe('Name: Asha Rao · Occupation: Analyst · Company name: Acme · Department: Budget');
    expect(item.body).not.toMatch(/company_name|contact_number/);
  });

  it('maps an Excel sheet the same way, keeping phone numbers as text', async () => {
    const item = await processFile(server, place, 'contact', 'people.xlsx', xlsxFile([
      ['Full name', 'Telephone', 'Organisation'],
      ['Ben Ng', 5550100, 'Globex'],
    ]));
    expect(item.details.columns?.map((c) => c.name)).toEqual(formFields);
    expect(await storedRows(server, item)).toEqual([['Ben Ng', null, '5550100', null, 'Globex', null, null]]);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents } from '../db/schema';
import type { TestServer } from '../test/harness';
import { delimitedFile, docxFile, emlFile, epubFile, pdfFile, pptxFile, xlsxFile } from '../test/content-fixtures';
import { processFile, startProcessingServer, storedObject, type Place } from './processing-test-kit';

let server: TestServer;
let place: Place;
beforeAll(async () => { ({ server, place } = await startProcessingServer()); });
afterAll(async () => { await server.close(); });

/** A ready item whose body is `text`, with its character count. */
const readyWithText = (text: string, details: Record<string, unknown> = {}) => ({
  status: 'ready',
  failureReason: null,
  processingStartedAt: null,
  body: text,
  details: { characters: text.length, ...details },
});

describe('document uploads', { timeout: 120_000 }, () => {
  it('reads a PDF: its text, pages in order, and the page count', async () => {
    const item = await processFile(server, place, 'document', 'Report.pdf', pdfFile(['The quick brown fox jumps over the lazy dog.', 'Second page (final).']));
    expect(item).toMatchObject(readyWithText('The quick brown fox jumps over the lazy dog.\n\nSecond page (final).', { pages: 2 }));
    expect(item.attempts).toBe(1);
  });

  it('reads Word and PowerPoint files', async () => {
    const [docx, pptx] = await Promise.all([
      processFile(server, place, 'document', 'Minutes.docx', docxFile(['Budget approved for Q3.', 'Next meeting on Friday.'])),
      processFile(server, place, 'document', 'Deck.pptx', pptxFile(['Roadmap overview', 'Hiring plan'])),
    ]);
    expect(docx).toMatchObject(readyWithText('Budget approved for Q3.\nNext meeting on Friday.'));
    expect(pptx).toMatchObject(readyWithText('Roadmap overview\n\nHiring plan'));
  });

  it('reads an e-book chapter by chapter', async () => {
    const item = await processFile(server, place, 'document', 'Novel.epub', epubFile([
      { title: 'Chapter One', text: 'It was a bright cold day in April.' },
      { title: 'Chapter Two', text: 'The clocks were striking thirteen.' },
    ]));
    expect(item.status).toBe('ready');
    expect(item.body).toMatch(/# Chapter One\s+It was a bright cold day in April\.\s+# Chapter Two\s+The clocks were striking thirteen\./);
    expect(item.details.characters).toBe(item.body!.length);
  });

  it('keeps text formats as they are, whatever their extension', async () => {
    const files = {
      'notes.txt': 'Plain notes\nwith two lines',
      'README.md': '# Title\n\nSome *markdown*.',
      'page.mdx': '<Hero />\n\nWelcome',
      'nginx.conf': 'server { listen 80; }',
      'app.log': '2025-01-01 INFO started',
      'data.json': '{"answer": 42}',
      'feed.xml': '<feed><title>News</title></feed>',
      'config.yml': 'name: convene',
      'config.yaml': 'port: 3000',
    };
    const items = await Promise.all(Object.entries(files).map(([name, text]) => processFile(server, place, 'document', name, Buffer.from(text))));
    items.forEach((item, i) => expect(item).toMatchObject(readyWithText(Object.values(files)[i]!)));
  });

  it('decodes text that is not UTF-8 (an older editor’s Latin-1)', async () => {
    const item = await processFile(server, place, 'document', 'old.txt', Buffer.from('Caf\xe9 cr\xe8me', 'latin1'));
    expect(item.body).toBe('Café crème');
  });

  it('turns HTML into readable text, without markup or scripts', async () => {
    const html = '<html><head><script>var secret = 1;</script></head><body><h2>Agenda</h2><p>Review <b>budget</b>.</p><img src="x.png" alt="logo"></body></html>';
    const item = await processFile(server, place, 'document', 'agenda.html', Buffer.from(html));
    expect(item.status).toBe('ready');
    expect(item.body).toContain('## Agenda');
    expect(item.body).toContain('Review budget.');
    expect(item.body).not.toMatch(/secret|<|logo/);
  });

  it('reads tables and emails uploaded as documents as their text', async () => {
    const [csv, tsv, xlsx, eml] = await Promise.all([
      processFile(server, place, 'document', 'people.csv', delimitedFile([['Name', 'City'], ['Ann', 'Oslo'], ['Bob', 'Lima']])),
      processFile(server, place, 'document', 'people.tsv', delimitedFile([['Name', 'City'], ['Cy', 'Rome']], '\t')),
      processFile(server, place, 'document', 'budget.xlsx', xlsxFile([['Item', 'Cost'], ['Rent', 1200]])),
      processFile(server, place, 'document', 'mail.eml', emlFile({ subject: 'Offsite', text: 'See you in Goa.', attachment: { name: 'plan.txt', content: 'day 1' } })),
    ]);
    expect(csv).toMatchObject(readyWithText('Name\tCity\nAnn\tOslo\nBob\tLima'));
    expect(tsv).toMatchObject(readyWithText('Name\tCity\nCy\tRome'));
    expect(xlsx).toMatchObject(readyWithText('Sheet1\nItem\tCost\nRent\t1200'));
    expect(eml.status).toBe('ready');
    expect(eml.body).toContain('Subject: Offsite');
    expect(eml.body).toContain('From: "Asha Rao" <asha@example.com>');
    expect(eml.body).toContain('See you in Goa.');
    // As a document, an email is only its text: no separate HTML or attachment files.
    expect(await storedObject(server, `${eml.storageKey}.body.html`)).toBeNull();
  });

  it('makes the text searchable', async () => {
    const item = await processFile(server, place, 'document', 'Plan.docx', docxFile(['Quarterly kayaking retreat']));
    const matching = (word: string) => server.db
      .select({ id: contents.id })
      .from(contents)
      .where(and(eq(contents.id, item.id), sql`${contents.searchVector} @@ websearch_to_tsquery('english', ${word})`));
    expect(await matching('kayaking')).toHaveLength(1);
    expect(await matching('skiing')).toHaveLength(0);
  });
});

describe('general uploads', { timeout: 120_000 }, () => {
  it('reads the text of documents, keeps old Office files as they are', async () => {
    const [pdf, docx, txt, csv, xlsx, doc, xls] = await Promise.all([
      processFile(server, place, 'general', 'a.pdf', pdfFile(['General PDF text'])),
      processFile(server, place, 'general', 'b.docx', docxFile(['General Word text'])),
      processFile(server, place, 'general', 'c.txt', Buffer.from('General plain text')),
      processFile(server, place, 'general', 'd.csv', delimitedFile([['x', 'y'], ['1', '2']])),
      processFile(server, place, 'general', 'e.xlsx', xlsxFile([['k', 'v'], ['a', 1]])),
      processFile(server, place, 'general', 'f.doc', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])),
      processFile(server, place, 'general', 'g.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])),
    ]);
    expect(pdf).toMatchObject(readyWithText('General PDF text', { pages: 1 }));
    expect(docx).toMatchObject(readyWithText('General Word text'));
    expect(txt).toMatchObject(readyWithText('General plain text'));
    expect(csv).toMatchObject(readyWithText('x\ty\n1\t2'));
    expect(xlsx).toMatchObject(readyWithText('Sheet1\nk\tv\na\t1'));
    for (const old of [doc, xls]) expect(old).toMatchObject({ status: 'ready', body: null, details: {} });
  });
});

import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailView } from '../../lib/contract/contents';
import { passageLabel } from '../../lib/contract/passages';
import { contentPassages, contents } from '../db/schema';
import { fillMissingPassages } from '../domain/passages/fill-missing-passages';
import { SEARCH_CONFIG } from '../domain/search/search-text';
import type { TestServer } from '../test/harness';
import { delimitedFile, emlFile, pdfFile, pptxFile, xlsxFile } from '../test/content-fixtures';
import { as } from '../routes/spaces/space-test-kit';
import { startContentProcessing } from '../domain/contents/start-content-processing';
import { processed, processFile, startProcessingServer, storedRows, type ContentRecord, type Place } from './processing-test-kit';

let server: TestServer;
let place: Place;
beforeAll(async () => { ({ server, place } = await startProcessingServer()); });
afterAll(async () => { await server.close(); });

async function passagesOf(item: { id: string }) {
  return server.db
    .select()
    .from(contentPassages)
    .where(eq(contentPassages.contentId, item.id))
    .orderBy(asc(contentPassages.position));
}

/** Each passage's label and its text, checked to be its range of the body. */
async function labelled(item: ContentRecord) {
  const passages = await passagesOf(item);
  for (const p of passages) expect(p.text).toBe(item.body!.slice(p.bodyStart, p.bodyEnd));
  return passages.map((p) => [passageLabel(p.location), p.text]);
}

/** Positions of an item's passages matching `words`. */
async function matching(item: { id: string }, words: string) {
  const rows = await server.db
    .select({ position: contentPassages.position })
    .from(contentPassages)
    .where(sql`${contentPassages.contentId} = ${item.id}
      and ${contentPassages.searchVector} @@ plainto_tsquery(${sql.raw(`'${SEARCH_CONFIG}'`)}::regconfig, ${words})`);
  return rows.map((r) => r.position);
}

describe('passages of processed items', { timeout: 120_000 }, () => {
  it('places a PDF’s passages on their pages', async () => {
    const pages = ['Budget review for the quarter.', 'Hiring plan for engineering.', 'Office move in spring.'];
    const item = await processFile(server, place, 'document', 'Plan.pdf', pdfFile(pages));
    expect(item.status).toBe('ready');
    expect(await labelled(item)).toEqual(pages.map((text, i) => [`Page ${i + 1}`, text]));
    expect(await matching(item, 'hiring')).toEqual([1]);
  });

  it('places a presentation’s passages on their slides', async () => {
    const item = await processFile(server, place, 'document', 'Deck.pptx', pptxFile(['Roadmap & goals', 'Hiring <plan>', 'Budget']));
    expect(await labelled(item)).toEqual([['Slide 1', 'Roadmap & goals'], ['Slide 2', 'Hiring <plan>'], ['Slide 3', 'Budget']]);
  });

  it('places a table’s passages on their rows, as the rows are stored', async () => {
    const csv = await processFile(server, place, 'table', 'people.csv', delimitedFile([['Name', 'City'], ['Ann', 'Oslo'], ['Bob', 'Lima']]));
    expect(await labelled(csv)).toEqual([['row 1', 'Ann\tOslo'], ['row 2', 'Bob\tLima']]);
    const rows = await storedRows(server, csv);
    for (const p of await passagesOf(csv)) expect(p.text).toBe(rows[p.location.row!]!.join('\t'));

    const xlsx = await processFile(server, place, 'table', 'budget.xlsx', xlsxFile([['Item', 'Cost'], ['Rent', 1200], ['Food', 300]]));
    expect((await passagesOf(xlsx)).map((p) => [p.location, p.text])).toEqual([
      [{ sheet: 'Sheet1', row: 0 }, 'Rent\t1200'],
      [{ sheet: 'Sheet1', row: 1 }, 'Food\t300'],
    ]);
  });

  it('tells an email’s message from its attachments, and keeps the email view to the message', async () => {
    const item = await processFile(server, place, 'email', 'offsite.eml', emlFile({
      subject: 'Team offsite',
      text: 'Bring walking shoes.',
      attachment: { name: 'schedule.txt', content: 'Day 1: hike to the lighthouse' },
    }));
    expect(await labelled(item)).toEqual([
      ['Message', 'Bring walking shoes.'],
      ['Attachment schedule.txt', 'Day 1: hike to the lighthouse'],
    ]);
    expect(await matching(item, 'lighthouse')).toEqual([1]);
    const view = await server.get<{ data: EmailView }>(`spaces/${place.space.id}/contents/${item.id}/email/`, as(place.owner, place.hub));
    expect(view.body.data.text).toBe('Bring walking shoes.');
  });

  it('follows the headings of Markdown and HTML', async () => {
    const md = await processFile(server, place, 'document', 'guide.md', Buffer.from('# Setup\n\nInstall it.\n\n## Network\n\nOpen port 80.'));
    expect(await labelled(md)).toEqual([['Setup', '# Setup\n\nInstall it.'], ['Setup › Network', '## Network\n\nOpen port 80.']]);

    const html = await processFile(server, place, 'document', 'guide.html', Buffer.from('<h1>Setup</h1><p>Install it.</p><h2>Network</h2><p>Open port 80.</p>'));
    expect((await passagesOf(html)).map((p) => p.location)).toEqual([{ headings: ['Setup'] }, { headings: ['Setup', 'Network'] }]);
    expect(await matching(html, 'network')).toEqual([1]);
  });

  it('replaces the passages when an item is processed again', async () => {
    const item = await processFile(server, place, 'document', 'memo.pdf', pdfFile(['First draft of the memo.', 'Old closing page.']));
    expect(await passagesOf(item)).toHaveLength(2);
    await server.storage.write(item.storageKey!, Readable.from(pdfFile(['Final memo text.'])));
    await server.db.update(contents).set({ status: 'queued' }).where(eq(contents.id, item.id));
    server.app.deps.processing?.notify();
    const again = await processed(server, item.id);
    expect(await labelled(again)).toEqual([['Page 1', 'Final memo text.']]);
  });
});

describe('passages of items saved before passages existed', () => {
  /** A ready item with a body and no passages, as processing left it before passages existed. */
  async function olderItem(body: string, status: 'ready' | 'failed' = 'ready') {
    const item = { id: randomUUID(), hubId: place.hub.id };
    await server.db.insert(contents).values({
      ...item, spaceId: place.space.id, kind: 'document', source: 'upload', name: 'old.txt', extension: 'txt', status,
      createdBy: place.owner.user.id, body,
    });
    return item;
  }

  it('are cut from their stored body, once', async () => {
    const item = await olderItem('Notes from before.\n\n## Later\n\nMore notes.');
    const failed = await olderItem('Not ready.', 'failed');

    expect(await fillMissingPassages({ db: server.db })).toBe(1);
    expect((await passagesOf(item)).map((p) => [p.location, p.bodyStart, p.bodyEnd, p.text])).toEqual([
      [{}, 0, 18, 'Notes from before.'],
      [{ headings: ['Later'] }, 20, 41, '## Later\n\nMore notes.'],
    ]);
    expect(await passagesOf(failed)).toEqual([]);
    expect(await fillMissingPassages({ db: server.db })).toBe(0);
  });

  it('are cut when processing starts', async () => {
    const item = await olderItem('Written long ago.');
    // A second node starting up; it takes no uploads, so the suite's own node keeps the queue.
    const node = startContentProcessing({
      db: server.db, storage: server.storage, config: { ...server.config, processingConcurrency: 0 }, logger: pino({ level: 'silent' }),
    });
    try {
      await expect.poll(async () => (await passagesOf(item)).map((p) => p.text), { timeout: 10_000 }).toEqual(['Written long ago.']);
    } finally {
      await node.stop();
    }
  });
});

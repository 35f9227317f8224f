import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents } from '../db/schema';
import { startTestServer, type TestServer } from '../test/harness';
import { claimNextContent } from '../domain/contents/claim-next-content';
import { failureReasons } from './processing-failure';
import { startContentProcessing } from '../domain/contents/start-content-processing';
import { placeForContent, processed, queueFile, readContent, type Place } from './processing-test-kit';

const noop = () => undefined;
const quietLogger = { info: noop, warn: noop, error: noop } as unknown as Parameters<typeof startContentProcessing>[0]['logger'];

/** Another node on the same database and storage, started and stopped by the test. */
const startNode = (server: TestServer) =>
  startContentProcessing({ db: server.db, storage: server.storage, config: server.config, logger: quietLogger });

async function waitForStatus(server: TestServer, id: string, status: string) {
  for (let tries = 0; tries < 2000; tries++) {
    if ((await readContent(server, id)).status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`content ${id} never became ${status}`);
}

describe('the processing queue', { timeout: 120_000 }, () => {
  // No processing of its own: each test drives the queue itself.
  let server: TestServer;
  let place: Place;
  beforeAll(async () => {
    server = await startTestServer();
    place = await placeForContent(server);
  });
  afterAll(async () => { await server.close(); });

  it('claims one item at a time, oldest first, counting the attempt', async () => {
    const first = await queueFile(server, place, 'document', 'first.txt', Buffer.from('1'));
    const second = await queueFile(server, place, 'document', 'second.txt', Buffer.from('2'));
    await server.db.update(contents).set({ createdAt: sql`now() - interval '1 minute'` }).where(eq(contents.id, first));

    const claimed = await claimNextContent(server.db);
    expect(claimed).toMatchObject({ id: first, hubId: place.hub.id, kind: 'document', extension: 'txt', attempts: 1 });
    const rows = await server.db.select({ id: contents.id, status: contents.status }).from(contents).where(inArray(contents.id, [first, second]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [first]: 'processing', [second]: 'queued' });
    expect((await readContent(server, first)).processingStartedAt).toBeInstanceOf(Date);

    expect((await claimNextContent(server.db))?.id).toBe(second);
    expect(await claimNextContent(server.db)).toBeNull();
  });

  it('gives concurrent claims different items', async () => {
    const ids = await Promise.all(['a', 'b', 'c', 'd'].map((n) => queueFile(server, place, 'document', `${n}.txt`, Buffer.from(n))));
    const claims = await Promise.all(ids.map(() => claimNextContent(server.db)));
    expect(new Set(claims.map((c) => c?.id))).toEqual(new Set(ids));
    expect(await claimNextContent(server.db)).toBeNull();
  });

  it('on start, puts back items a stopped node left processing, and fails those that kept failing', async () => {
    const stale = await queueFile(server, place, 'document', 'stale.txt', Buffer.from('left behind'));
    const hopeless = await queueFile(server, place, 'document', 'hopeless.txt', Buffer.from('crashes nodes'));
    const running = await queueFile(server, place, 'document', 'running.txt', Buffer.from('another node has it'));
    const longAgo = sql`now() - interval '1 hour'`;
    await server.db.update(contents).set({ status: 'processing', attempts: 1, processingStartedAt: longAgo }).where(eq(contents.id, stale));
    await server.db.update(contents).set({ status: 'processing', attempts: 3, processingStartedAt: longAgo }).where(eq(contents.id, hopeless));
    await server.db.update(contents).set({ status: 'processing', attempts: 1, processingStartedAt: sql`now()` }).where(eq(contents.id, running));

    const node = startNode(server);
    try {
      expect(await processed(server, stale)).toMatchObject({ status: 'ready', body: 'left behind', attempts: 2 });
      expect(await readContent(server, hopeless)).toMatchObject({ status: 'failed', failureReason: 'Processing kept failing on this file.', processingStartedAt: null });
      // Still within its time: the node working on it may be alive.
      expect(await readContent(server, running)).toMatchObject({ status: 'processing', attempts: 1 });
    } finally {
      await node.stop();
    }
  });

  it('fails an item whose file is missing from storage', async () => {
    const node = startNode(server);
    try {
      const id = await queueFile(server, place, 'document', 'gone.txt', null);
      expect(await processed(server, id)).toMatchObject({ status: 'failed', failureReason: failureReasons.missing });
      expect(failureReasons.missing).toBe('The uploaded file is missing. Please upload it again.');
    } finally {
      await node.stop();
    }
  });

  it('reads a small file while a large one holds every lane for any file', async () => {
    const node = startContentProcessing({
      db: server.db, storage: server.storage, config: { ...server.config, processingConcurrency: 1 }, logger: quietLogger,
    });
    try {
      // Over 1 MiB, and forty thousand rows to read and save: seconds of work.
      const line = (r: number) => Array.from({ length: 12 }, (_, c) => (r * 31 + c * 7) % 1000).join(',');
      const large = await queueFile(server, place, 'table', 'large.csv', Buffer.from(Array.from({ length: 40_000 }, (_, r) => line(r)).join('\n')));
      node.notify();
      await waitForStatus(server, large, 'processing');
      const small = await queueFile(server, place, 'document', 'small.md', Buffer.from('# Small\n\nReady in a moment.'));
      node.notify();
      expect(await processed(server, small)).toMatchObject({ status: 'ready' });
      expect((await readContent(server, large)).status).toBe('processing');
      expect(await processed(server, large)).toMatchObject({ status: 'ready' });
    } finally {
      await node.stop();
    }
  });

  it('when stopped mid-job, puts the item back in the queue without counting the attempt', async () => {
    const node = startNode(server);
    const id = await queueFile(server, place, 'document', 'interrupted.pdf', Buffer.from('%PDF-1.4'));
    node.notify();
    await waitForStatus(server, id, 'processing');
    await node.stop();
    expect(await readContent(server, id)).toMatchObject({ status: 'queued', attempts: 0, processingStartedAt: null });

    // The next node to start finishes it.
    const next = startNode(server);
    try {
      expect(await processed(server, id)).toMatchObject({ status: 'failed', attempts: 1 });
    } finally {
      await next.stop();
    }
  });
});

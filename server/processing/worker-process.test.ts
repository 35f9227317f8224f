import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { contentPassages, contents } from '../db/schema';
import { startTestServer, type TestServer } from '../test/harness';
import { upload, type UploadFile } from '../routes/contents/upload-test-kit';
import { spawnEntry } from '../test/processes';
import { placeForContent, readContent, type Place } from './processing-test-kit';

/*
 * Processing workers as their own processes (`npm run worker`), beside an
 * API that does not process: they share the queue, never take one item at
 * once, and what a killed one left is finished by another.
 */

/** Short, so a killed worker's item is taken over within seconds; still longer than any job here takes. */
const STALE_AFTER_MS = 6_000;

interface LogLine { msg: string; contentId?: string; attempt?: number }

interface Worker {
  child: ChildProcess;
  lines: LogLine[];
  /** Resolves with the first log line (seen so far or later) that passes `test`. */
  waitForLine(test: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

let server: TestServer;
let place: Place;
let dataDir: string;
const workers: Worker[] = [];

beforeAll(async () => {
  // The test server runs no processing of its own, as an API with PROCESSING=off.
  server = await startTestServer();
  place = await placeForContent(server);
  dataDir = await mkdtemp(path.join(tmpdir(), 'convene-worker-'));
});
afterEach(async () => {
  for (const worker of workers.splice(0)) {
    worker.child.kill('SIGKILL');
    await worker.exited;
  }
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

function startWorker(env: Record<string, string> = {}): Worker {
  const child = spawnEntry('server/worker.ts', {
    DATABASE_URL: server.databaseUrl,
    DATA_DIR: dataDir,
    UPLOADS_DIR: server.config.uploadsDir,
    S3_BUCKET: '',
    LOG_LEVEL: 'info',
    PROCESSING_CONCURRENCY: '1',
    PROCESSING_STALE_AFTER_MS: String(STALE_AFTER_MS),
    ...env,
  });
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  createInterface({ input: child.stdout! }).on('line', (text) => {
    output += `${text}\n`;
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {
      return;
    }
    for (const wake of waiters) wake();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const worker: Worker = {
    child,
    lines,
    exited,
    output: () => output,
    waitForLine: (test, timeoutMs = 30_000) => new Promise((resolve, reject) => {
      const check = () => {
        const found = lines.find(test);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no such log line within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    }),
  };
  workers.push(worker);
  return worker;
}

const claimed = (id: string, attempt?: number) => (line: LogLine) =>
  line.msg === 'processing content' && line.contentId === id && (attempt === undefined || line.attempt === attempt);
const claimsOf = (worker: Worker) => worker.lines.filter((line) => line.msg === 'processing content').map((line) => line.contentId);
const ready = (worker: Worker) => worker.waitForLine((line) => line.msg === 'processing worker ready');

/** A table of `rows` rows: about a second of reading and saving, well within STALE_AFTER_MS. */
function slowTable(rows: number): UploadFile {
  const line = (r: number) => Array.from({ length: 12 }, (_, c) => (r * 31 + c * 7) % 1000).join(',');
  return { name: 'slow.csv', data: Array.from({ length: rows }, (_, r) => line(r)).join('\n') };
}

async function uploadFile(kind: 'table' | 'document', file: UploadFile): Promise<string> {
  const response = await upload(server, { person: place.owner, hub: place.hub, spaceId: place.space.id }, kind, file);
  expect(response.status).toBe(201);
  return response.body.data.id;
}

async function statusesOf(ids: string[]) {
  const rows = await server.db.select({ id: contents.id, status: contents.status, attempts: contents.attempts })
    .from(contents).where(inArray(contents.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

async function waitUntilSettled(ids: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await statusesOf(ids);
    if ([...rows.values()].every((row) => row.status === 'ready' || row.status === 'failed')) return rows;
    if (Date.now() > deadline) throw new Error(`not all processed: ${JSON.stringify([...rows.values()])}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('processing workers', { timeout: 120_000 }, () => {
  it('share the queue, and an item a killed worker left is finished by the other', async () => {
    const first = startWorker();
    const second = startWorker();
    await Promise.all([ready(first), ready(second)]);

    const slow = await uploadFile('table', slowTable(10_000));
    const notes = [];
    for (let n = 0; n < 6; n++) notes.push(await uploadFile('document', { name: `note-${n}.md`, data: `# Note ${n}\n\nWords of note ${n}.` }));
    const ids = [slow, ...notes];

    // Whichever worker takes the slow item is killed while reading it.
    const taker = await Promise.race([first, second].map(async (worker) => {
      await worker.waitForLine(claimed(slow));
      return worker;
    }));
    taker.child.kill('SIGKILL');
    const killedAt = Date.now();
    await taker.exited;
    const survivor = taker === first ? second : first;
    expect(await readContent(server, slow)).toMatchObject({ status: 'processing', attempts: 1 });

    await survivor.waitForLine(claimed(slow, 2), STALE_AFTER_MS * 3);
    const takenOverAfterMs = Date.now() - killedAt;
    const rows = await waitUntilSettled(ids, 60_000);

    // Every item ready, each counted once per claim: the survivor never took one twice,
    // and the only items both took are those the killed worker never finished. A claim
    // the killed worker made just before the kill may never have reached its log (its
    // output is a pipe, lost with the process): its claims in the log are a lower bound.
    const takerClaims = claimsOf(taker);
    const survivorClaims = claimsOf(survivor);
    expect(new Set(survivorClaims).size).toBe(survivorClaims.length);
    expect(new Set(takerClaims).size).toBe(takerClaims.length);
    for (const id of ids) {
      const row = rows.get(id);
      const survivorTook = survivorClaims.filter((claim) => claim === id).length;
      const takerTook = takerClaims.filter((claim) => claim === id).length;
      expect(row?.status).toBe('ready');
      expect(row?.attempts).toBeGreaterThanOrEqual(survivorTook + takerTook);
      expect(row?.attempts).toBeLessThanOrEqual(survivorTook + 1);
    }
    expect(rows.get(slow)?.attempts).toBe(2);
    expect(survivorClaims.filter((id) => !takerClaims.includes(id)).length).toBeGreaterThan(0);

    // One set of passages each, numbered from 0 without gaps or repeats.
    const passages = await server.db.select({ contentId: contentPassages.contentId, position: contentPassages.position })
      .from(contentPassages).where(inArray(contentPassages.contentId, ids)).orderBy(asc(contentPassages.position));
    for (const id of ids) {
      const positions = passages.filter((p) => p.contentId === id).map((p) => p.position);
      expect(positions.length).toBeGreaterThan(0);
      expect(positions).toEqual(positions.map((_, i) => i));
    }

    // Put back once stale (STALE_AFTER_MS after its claim), found by a recovery run every half of that, then claimed within a poll.
    expect(takenOverAfterMs).toBeLessThan(STALE_AFTER_MS * 1.5 + 3_000);
  });

  it('on SIGTERM, lets a running job finish within the grace period, then exits 0', async () => {
    const worker = startWorker({ PROCESSING_STOP_GRACE_MS: '60000' });
    await ready(worker);
    const id = await uploadFile('table', slowTable(10_000));
    await worker.waitForLine(claimed(id));
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(await readContent(server, id)).toMatchObject({ status: 'ready', attempts: 1 });
    expect(worker.output()).toContain('Convene stopped.');
  });

  it('on SIGTERM, puts a job still running after the grace period back in the queue, then exits 0', async () => {
    const worker = startWorker({ PROCESSING_STOP_GRACE_MS: '0' });
    await ready(worker);
    const id = await uploadFile('table', slowTable(10_000));
    await worker.waitForLine(claimed(id));
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(await readContent(server, id)).toMatchObject({ status: 'queued', attempts: 0, processingStartedAt: null });
    // Not left for the next test's workers.
    await server.db.delete(contents).where(eq(contents.id, id));
  });

  it('refuses to start without DATABASE_URL rather than start a database of its own', async () => {
    const worker = startWorker({ DATABASE_URL: '' });
    expect(await worker.exited).toEqual({ code: 1, signal: null });
    expect(worker.output()).toContain('set DATABASE_URL to the PostgreSQL database the API uses');
  });
});

describe('the processing settings', () => {
  const base = { NODE_ENV: 'test' as const, JWT_SECRET: 'test-secret-with-enough-entropy-0123456789' };

  it('process in the API unless PROCESSING is off', () => {
    expect(loadConfig(base).processing).toBe(true);
    expect(loadConfig({ ...base, PROCESSING: 'off' }).processing).toBe(false);
  });

  it('count an item stale after its time limit and a minute to save, unless set', () => {
    expect(loadConfig({ ...base, PROCESSING_TIMEOUT_MS: '5000' }).processingStaleAfterMs).toBe(65_000);
    expect(loadConfig({ ...base, PROCESSING_STALE_AFTER_MS: '' }).processingStaleAfterMs).toBe(180_000);
    expect(loadConfig({ ...base, PROCESSING_STALE_AFTER_MS: '4000' }).processingStaleAfterMs).toBe(4_000);
  });
});

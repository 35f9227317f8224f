import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../../../lib/contract/records';
import { loadConfig } from '../../config';
import { recordReindexRequests } from '../../db/schema';
import { delimitedFile, sheetPieces, writeXlsxFile } from '../../test/content-fixtures';
import { signUpWithProfile, startTestServer, type TestServer } from '../../test/harness';
import { createRecordTable, previewOf, recordWorld, runImport, uploadImport, type RecordWorld } from './import-test-kit';

/*
 * A hostile workbook (1.5 million rows) and an honest 50,000-row import at
 * once, while another person keeps asking who they are: the API must keep
 * answering them quickly and never turn them away. The API runs in this
 * process, so a blocked event loop delays the polling itself; each answer's
 * delay is counted from when its request was due, not from when it went out.
 */

const TOKEN = 'import-load-metrics-token-0123456789';
const POLL_EVERY_MS = 50;
const BOMB_ROWS = 1_500_000;

let server: TestServer;
let world: RecordWorld;
let otherToken: string;
let folder: string;
let bomb: Buffer;

beforeAll(async () => {
  // The production overload limits, so a stalled loop shows as the 503s people would get.
  const { overload } = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'only-the-defaults-are-read-here-0123456789' });
  server = await startTestServer({ metricsToken: TOKEN, overload }, { processing: true });
  world = await recordWorld(server);
  otherToken = (await signUpWithProfile(server)).token;
  folder = await mkdtemp(path.join(tmpdir(), 'import-load-'));
  const bombPath = path.join(folder, 'bomb.xlsx');
  await writeXlsxFile(bombPath, sheetPieces(BOMB_ROWS + 1, (i) => (i === 0 ? ['Title', 'Budget'] : [`r${i % 1000}`, i % 100])));
  bomb = await readFile(bombPath);
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

interface Answer { due: number; delay: number; status: number }

/** GET auth/me/ for another person every POLL_EVERY_MS, each request sent when due even if earlier ones are still waiting. */
function pollWhoAmI() {
  const answers: Answer[] = [];
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  let stopped = false;
  const loop = (async () => {
    for (let tick = 0; !stopped; tick += 1) {
      const due = started + tick * POLL_EVERY_MS;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const answered = fetch(`${server.url}/api/v1/auth/me/`, { headers: { Authorization: `JWT ${otherToken}` } })
        .then(async (res) => {
          await res.arrayBuffer();
          answers.push({ due, delay: performance.now() - due, status: res.status });
        })
        .finally(() => pending.delete(answered));
      pending.add(answered);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(pending);
      return answers;
    },
  };
}

/** The largest resident memory of this process (the API and its threads) while it runs. */
function watchMemory() {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 20);
  return { start, stop: () => { clearInterval(timer); return peak; } };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

function delaysWithin(answers: Answer[], from: number, to: number) {
  const delays = answers.filter((a) => a.due >= from && a.due <= to).map((a) => a.delay);
  return { count: delays.length, p99: Math.round(percentile(delays, 99)), max: Math.round(Math.max(0, ...delays)) };
}

const scrape = async () => (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

async function reindexed(contentId: string) {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const left = await server.db.select().from(recordReindexRequests).where(eq(recordReindexRequests.contentId, contentId));
    if (left.length === 0) return;
    await sleep(200);
  }
  throw new Error('the imported table was not re-indexed within a minute');
}

it('keeps answering others while a 1.5-million-row workbook is refused and 50,000 rows are imported', async () => {
  const owner = { person: world.owner, hub: world.hub };
  const bombTable = await createRecordTable(server, world.owner, world.hub, world.spaceId, world.templateId, 'Bombed');
  const table = await createRecordTable(server, world.owner, world.hub, world.spaceId, world.templateId, 'Imported');
  const header = ['Title', 'Budget', 'Seats', 'Owner email', 'Stage', 'Tags', 'Due'];
  const rows = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => [`Project ${i}`, i % 1000, i % 50, `p${i}@example.com`, 'Doing', 'red; blue', '2025-03-01']);
  const csv = { name: 'projects.csv', data: delimitedFile([header, ...rows]) };

  await scrape(); // starts the event loop's histogram afresh
  const memory = watchMemory();
  const polling = pollWhoAmI();
  await sleep(200);
  const t0 = performance.now();

  const refused = (async () => {
    const res = await uploadImport(server, owner, bombTable, { name: 'bomb.xlsx', data: bomb });
    return { ...res, at: performance.now() };
  })();
  const imported = (async () => {
    const preview = await previewOf(server, owner, table, csv);
    const mapping = { title: 0, budget: 1, seats: 2, owner: 3, stage: 4, tags: 5, due: 6 };
    const dry = await runImport(server, owner, table, preview.import_id, { mapping, dry_run: true });
    const run = await runImport(server, owner, table, preview.import_id, { mapping, dry_run: false });
    const ranAt = performance.now();
    await reindexed(table.contentId);
    return { preview, dry, run, ranAt, at: performance.now() };
  })();
  const [bombAnswer, importAnswer] = await Promise.all([refused, imported]);
  await sleep(200);
  const answers = await polling.stop();
  const peakRss = memory.stop();
  const metrics = await scrape();

  const figures = {
    bombMs: Math.round(bombAnswer.at - t0),
    importMs: Math.round(importAnswer.ranAt - t0),
    reindexedMs: Math.round(importAnswer.at - t0),
    startRssMb: Math.round(memory.start / 2 ** 20),
    peakRssMb: Math.round(peakRss / 2 ** 20),
    duringBomb: delaysWithin(answers, t0, bombAnswer.at),
    duringImport: delaysWithin(answers, t0, importAnswer.at),
    eventLoopP99Ms: Math.round(gauge(metrics, 'nodejs_eventloop_lag_p99_seconds') * 1000),
    eventLoopMaxMs: Math.round(gauge(metrics, 'nodejs_eventloop_lag_max_seconds') * 1000),
    statuses: [...new Set(answers.map((a) => a.status))],
  };
  console.info(`import load: ${JSON.stringify(figures)}`);

  expect(bombAnswer.status).toBe(422);
  expect(bombAnswer.body.message).toBe('This file has more than 50,000 rows. Please split it into files of up to 50,000 rows and import each.');
  expect(importAnswer.preview.row_count).toBe(IMPORT_MAX_ROWS);
  expect(importAnswer.dry.body.data).toMatchObject({ valid_count: IMPORT_MAX_ROWS, failed_count: 0 });
  expect(importAnswer.run.body.data).toMatchObject({ imported: IMPORT_MAX_ROWS });

  expect(figures.statuses).toEqual([200]);
  expect(figures.bombMs).toBeLessThan(10_000);
  // Speed is measured (the figures above), not asserted: on a busy machine p99 moves by hundreds of ms. What must not
  // come back is a held event loop, under which another person waited 22-30 s; nobody waits even a tenth of that.
  expect(figures.duringBomb.max).toBeLessThan(2_000);
  expect(figures.duringImport.max).toBeLessThan(2_000);
}, 180_000);

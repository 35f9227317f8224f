// The spaces-list benchmark's database side and API, in a process of their own
// so the load generator never shares their event loop: seeds one hub, times the
// list query sent straight to the database, then serves the API and prints one
// JSON line with the addresses and the direct timings. Serves until SIGTERM.
import type { SpaceViewer } from '@/server/policies/spaces';
import { benchConfig, serveBenchApi } from '../serve-api';
import { openBenchDatabase } from './database';
import { captureListQuery, replay, timeRuns, type LatencyResult } from './direct-query';
import { seedSpacesHub } from './seed';

export interface SpacesBenchPage {
  page: number;
  count: number;
  ids: string[];
  direct: LatencyResult;
}

export interface SpacesBenchServer {
  /** Which PostgreSQL server: the built-in one, or the one DATABASE_URL names. */
  database: string;
  seedSeconds: number;
  /** GET spaces/ on the real API, without the query string. */
  listUrl: string;
  token: string;
  handle: string;
  pages: SpacesBenchPage[];
  /** The first statement of page 1 as sent, to show what was measured. */
  sampleSql: string;
}

const seconds = Number(process.env.BENCH_SPACES_SECONDS ?? 5);
const warmupSeconds = Math.min(1, seconds);
const database = await openBenchDatabase();

const seedStart = performance.now();
const hub = await seedSpacesHub(database.db, { spaceCount: 10_000, memberCount: 1_000 });
const seedSeconds = (performance.now() - seedStart) / 1000;

const viewer: SpaceViewer = { hubId: hub.hubId, userId: hub.caller.userId, hubRole: 'editor' };
const pages: SpacesBenchPage[] = [];
let sampleSql = '';
for (const page of [1, 500]) {
  const captured = await captureListQuery(database, viewer, page);
  sampleSql ||= captured.statements[0]?.sql ?? '';
  const direct = await timeRuns(replay(database, captured.statements), { seconds, warmupSeconds });
  pages.push({ page, count: captured.count, ids: captured.ids, direct });
}

const { apiUrl, token } = await serveBenchApi({ database, config: benchConfig(database.dataDir), caller: hub.caller });
const ready: SpacesBenchServer = {
  database: database.label, seedSeconds, token, handle: hub.handle, pages, sampleSql,
  listUrl: `${apiUrl}spaces/`,
};
process.stdout.write(`${JSON.stringify(ready)}\n`);

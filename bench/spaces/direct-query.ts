import { listSpaces } from '@/server/domain/spaces/list-spaces';
import type { SpaceViewer } from '@/server/policies/spaces';
import { percentile } from '../load';
import type { BenchDatabase, Statement } from './database';

export interface LatencyResult {
  p50Ms: number;
  p99Ms: number;
  runs: number;
}

/** Runs `work` back to back for the warm-up, then for `seconds`, timing each run. */
export async function timeRuns(work: () => Promise<unknown>, opts: { seconds: number; warmupSeconds: number }): Promise<LatencyResult> {
  for (const end = performance.now() + opts.warmupSeconds * 1000; performance.now() < end;) await work();
  const latencies: number[] = [];
  for (const end = performance.now() + opts.seconds * 1000; performance.now() < end;) {
    const start = performance.now();
    await work();
    latencies.push(performance.now() - start);
  }
  const sorted = Float64Array.from(latencies).sort();
  return { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), runs: latencies.length };
}

export interface CapturedPage {
  page: number;
  /** The space ids the domain function returned, to check the HTTP answer against. */
  ids: string[];
  count: number;
  /** The SQL the domain list function sent (the page and the total, run concurrently). */
  statements: Statement[];
}

/**
 * Calls the app's own list function once and records the SQL it sends, so
 * the direct measurement replays exactly the statements the endpoint runs.
 */
export async function captureListQuery(database: BenchDatabase, viewer: SpaceViewer, page: number): Promise<CapturedPage> {
  const { result, statements } = await database.capture(() =>
    listSpaces({ db: database.db, viewer, page: { page, page_size: 10 }, filters: {} }));
  return { page, ids: result.items.map((space) => space.id), count: result.count, statements };
}

/** The captured statements sent straight to the driver, concurrently as the list function sends them. */
export const replay = (database: BenchDatabase, statements: Statement[]) => () =>
  Promise.all(statements.map((statement) => database.query(statement)));

import { percentile } from '../load';

/** Timed writes each run takes at least, however slow. */
export const WRITE_MIN_RUNS = 10;

export interface Throughput {
  /** Completed calls per second over the timed window, all workers together. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  runs: number;
}

/**
 * `workers` loops calling `work(worker)` back to back (each worker its own
 * person or connection): untimed for `warmupSeconds`, then timed for
 * `seconds`, and on until `minRuns` calls were timed (a slow write still gets
 * enough samples for its percentiles). A call that started inside the window
 * counts in full.
 */
export async function runConcurrently(
  work: (worker: number) => Promise<unknown>,
  opts: { workers: number; seconds: number; warmupSeconds: number; minRuns?: number },
): Promise<Throughput> {
  const minRuns = opts.minRuns ?? 0;
  const loop = async (worker: number, seconds: number, latencies?: number[]) => {
    for (const end = performance.now() + seconds * 1000; performance.now() < end || (latencies && latencies.length < minRuns);) {
      const start = performance.now();
      await work(worker);
      latencies?.push(performance.now() - start);
    }
  };
  const workers = Array.from({ length: opts.workers }, (_, worker) => worker);
  if (opts.warmupSeconds > 0) await Promise.all(workers.map((worker) => loop(worker, opts.warmupSeconds)));
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(workers.map((worker) => loop(worker, opts.seconds, latencies)));
  const elapsedSeconds = (performance.now() - start) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return { perSecond: latencies.length / elapsedSeconds, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), runs: latencies.length };
}

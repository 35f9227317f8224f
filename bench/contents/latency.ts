import { percentile } from '../load';

export interface Latencies {
  p50Ms: number;
  p95Ms: number;
  runs: number;
}

/**
 * Runs `work` one call at a time: `warmupRuns` untimed, then timed until
 * `seconds` have passed and at least `minRuns` calls were made (a slow query
 * still gets enough samples for its percentiles). `before`, untimed, runs
 * ahead of each timed call.
 */
export async function sampleLatencies(
  work: () => Promise<unknown>,
  opts: { seconds: number; warmupRuns: number; minRuns: number; before?: () => Promise<unknown> },
): Promise<Latencies> {
  for (let i = 0; i < opts.warmupRuns; i += 1) await work();
  const latencies: number[] = [];
  const end = performance.now() + opts.seconds * 1000;
  while (performance.now() < end || latencies.length < opts.minRuns) {
    await opts.before?.();
    const start = performance.now();
    await work();
    latencies.push(performance.now() - start);
  }
  const sorted = Float64Array.from(latencies).sort();
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), runs: latencies.length };
}

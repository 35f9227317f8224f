import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses outside 2xx plus connection errors and timeouts: any of these spoils the figures. */
  failures: number;
}

/** Nearest-rank percentile of ascending values. */
export const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function fire(opts: LoadOptions, duration: number, latencies?: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: opts.url, headers: opts.headers, connections: opts.connections, duration },
      (err: unknown, result) => (err ? reject(err) : resolve(result)),
    );
    // autocannon's own percentiles are whole milliseconds; a fast route answers in far less.
    if (latencies) {
      instance.on('response', (_client, statusCode, _bytes, milliseconds) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(milliseconds);
      });
    }
  });
}

/** Warms the server up, then measures throughput and latency at a fixed number of connections. */
export async function measureLoad(opts: LoadOptions): Promise<LoadResult> {
  if (opts.warmupSeconds > 0) await fire(opts, opts.warmupSeconds);
  const latencies: number[] = [];
  const result = await fire(opts, opts.durationSeconds, latencies);
  const sorted = Float64Array.from(latencies).sort();
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { contents } from '../db/schema';
import { unauthenticated } from '../lib/errors';
import type { App } from '../types';

export const METRICS_PATH = '/metrics';

/** Queue states counted on each scrape (the contents_queue_idx index covers exactly these). */
const QUEUE_STATES = ['queued', 'processing'] as const;

/**
 * Metrics of the process as a whole, whatever number of apps run in it:
 * Node's own (memory, CPU, event loop, GC) and processing jobs, which run
 * beside the app rather than inside it.
 */
const processRegistry = new Registry();
let defaultsCollected = false;

/** How long processing one content item took, however it ended. */
export const processingJobDuration = new Histogram({
  name: 'processing_job_duration_seconds',
  help: 'Time one content processing job took, from claim to saved result.',
  buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
  registers: [processRegistry],
});

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Compared as digests: equal lengths for timingSafeEqual, and no early exit that would leak the token. */
const tokenMatches = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/**
 * GET /metrics in Prometheus text format, when METRICS_TOKEN is set (and
 * only with `Authorization: Bearer <token>`); absent otherwise. Requests are
 * labelled by route pattern, never by raw URL, so ids never become labels.
 */
export function registerMetrics(app: App) {
  const { config, db, signalling } = app.deps;
  const token = config.metricsToken;
  if (!token) return;
  if (!defaultsCollected) {
    // Node's own include the event loop's delay as perf_hooks.monitorEventLoopDelay measures it, since the previous
    // scrape: nodejs_eventloop_lag_{p50,p90,p99,min,max,mean,stddev}_seconds (what a blocked loop shows up in).
    collectDefaultMetrics({ register: processRegistry });
    defaultsCollected = true;
  }

  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: 'processing_queue_depth',
    help: 'Content items waiting for processing or being processed, across all nodes.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .select({ status: contents.status, items: count() })
        .from(contents)
        .where(inArray(contents.status, [...QUEUE_STATES]))
        .groupBy(contents.status);
      for (const status of QUEUE_STATES) this.set({ status }, rows.find((row) => row.status === status)?.items ?? 0);
    },
  });
  new Gauge({
    name: 'meeting_participants',
    help: 'Meeting participants connected to this node.',
    registers: [registry],
    collect() {
      this.set(signalling.localParticipants());
    },
  });
  // drizzle keeps the pg pool it runs on; the Database type leaves it out.
  const { $client: pool } = db as { $client?: unknown };
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections of this node: open in total, idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!(pool instanceof pg.Pool)) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    // Paths no route matched share one label, so scanning for addresses cannot grow the series.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !given || !tokenMatches(given, token)) {
      throw unauthenticated('unauthenticated', 'A valid metrics token is required.');
    }
    const merged = Registry.merge([processRegistry, registry]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}

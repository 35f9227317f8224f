import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import next from 'next';
import pino from 'pino';
import { buildApp, PRESENCE_INTERVAL_MS } from './app';
import { loadConfig, loadDotEnv } from './config';
import { connectDatabase } from './db/connect';
import { createMailer } from './mail/mailer';
import { openStorage } from './storage/open-storage';
import { reconcileStorage } from './storage/reconcile-storage';
import { startContentProcessing } from './domain/contents/start-content-processing';
import { createLocalMeetingBus } from './meetings/local-meeting-bus';
import { createRedisMeetingBus } from './meetings/redis-meeting-bus';
import { createSignallingService } from './meetings/signalling-service';
import { createLocalCacheBus } from './cache/local-cache-bus';
import { createRedisCacheBus } from './cache/redis-cache-bus';
import { connectRedis } from './lib/redis-client';
import { HEALTH_LIVE_PATH, HEALTH_READY_PATH } from './ops/health';
import { METRICS_PATH } from './ops/metrics';
import { closeGracefully, exitOnSignals } from './ops/shutdown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_PREFIX = '/api/v1';

export interface StartOptions {
  /** Settings (see .env.example); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** Next.js in development mode (compile on demand, HMR); defaults to NODE_ENV !== 'production'. */
  dev?: boolean;
}

export interface Convene {
  url: string;
  close: () => Promise<void>;
  /** How long close() lets in-flight requests finish (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
}

/** Served by the API at the root, for the reverse proxy and Prometheus. */
const OPS_PATHS = new Set([HEALTH_LIVE_PATH, HEALTH_READY_PATH, METRICS_PATH]);

/** Longer than any node takes between storing an upload's file and recording it. */
const RECONCILE_MIN_AGE_MS = 10 * 60_000;

/** Whether a request (path and query) goes to the API rather than the web app. */
export const isApiPath = (url = '') =>
  url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`)
  || OPS_PATHS.has(url.split('?')[0]?.replace(/\/$/, '') ?? '');

/**
 * Serves the whole product from one port: the API under /api/v1 and the
 * Next.js web app for every other path, over one database and one mailer.
 */
export async function startConvene(opts: StartOptions = {}): Promise<Convene> {
  const env = opts.env ?? process.env;
  const dev = opts.dev ?? env.NODE_ENV !== 'production';
  const config = loadConfig(env);
  const log = pino({ level: config.logLevel });

  // Everything opened so far, closed in reverse order on shutdown or on a failed start.
  const opened: Array<() => Promise<void>> = [];
  const closeOpened = async () => {
    const failures: unknown[] = [];
    for (const closeOne of opened.splice(0).reverse()) {
      // One part failing to close must not keep the database from being closed.
      await closeOne().catch((err: unknown) => failures.push(err));
    }
    if (failures.length > 0) throw new AggregateError(failures, 'Convene did not close cleanly');
  };

  try {
    const database = await connectDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (error) => log.warn({ err: error }, 'an idle database connection failed; the pool will replace it'),
    });
    // Closed last: the built-in server stops only after every request and job is done with it.
    opened.push(() => database.close());
    log.info({ database: database.embedded ? 'built-in' : 'external' }, 'database ready');
    if (database.imported) log.info(database.imported, 'moved the data of the earlier embedded database (data/db, now data/db.imported) into PostgreSQL');

    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'mail'),
      from: config.mailFrom,
      logger: log,
    });

    // Next attaches its HMR listener to the `httpServer` it is given. This one
    // never listens: it only receives the upgrades meant for the web app, so
    // WebSockets under /api/v1 never reach Next and HMR never reaches the API.
    const webUpgrades = createServer();
    const web = next({ dev, dir: root, hostname: 'localhost', port: config.port || 3000, httpServer: webUpgrades });
    await web.prepare();
    opened.push(() => web.close());
    const handleWeb = web.getRequestHandler();

    const storage = await openStorage(config, log);
    // Before any request: an object written just before its row would otherwise look unowned.
    // With several nodes (Redis joins them), a file another node has just written may not have its row yet.
    await reconcileStorage({ db: database.db, storage, logger: log, minAgeMs: config.redisUrl ? RECONCILE_MIN_AGE_MS : 0 });
    // PROCESSING=off: separate workers (`npm run worker`) take the queued uploads.
    const processing = config.processing ? startContentProcessing({ db: database.db, storage, config, logger: log }) : undefined;
    // Closed in reverse order: stops after the app and before the database; running jobs go back to the queue.
    if (processing) opened.push(() => processing.stop());

    // With Redis, participants on different nodes of one deployment meet; without it, one node serves all.
    const bus = config.redisUrl
      ? await createRedisMeetingBus({ url: config.redisUrl, prefix: config.redisPrefix, logger: log })
      : createLocalMeetingBus();
    const signalling = createSignallingService({
      bus,
      maxParticipants: config.meetings.maxParticipants,
      presenceIntervalMs: PRESENCE_INTERVAL_MS,
    });
    log.info({ bus: config.redisUrl ? 'redis' : 'local' }, 'meeting signalling ready');
    // With Redis, a sign-out or a change on one node drops the cached copies on every other node at once.
    const cacheBus = config.redisUrl
      ? await createRedisCacheBus({ url: config.redisUrl, prefix: config.redisPrefix, logger: log })
      : createLocalCacheBus();
    // Rate limits and readiness: every node counts into, and depends on, the same Redis.
    const redis = config.redisUrl ? await connectRedis({ url: config.redisUrl, logger: log, purpose: 'rate limits' }) : undefined;
    if (redis) opened.push(async () => { await redis.quit(); });
    // Like webUpgrades: never listens, only receives the WebSocket upgrades meant for the API.
    const apiUpgrades = createServer();

    const upgraded = new Set<Duplex>();
    const app = await buildApp({
      config,
      db: database.db,
      mailer,
      storage,
      processing,
      signalling,
      cacheBus,
      redis,
      upgradeServer: apiUpgrades,
      logger: { level: config.logLevel },
      serverFactory: (handleApi) => {
        const server = createServer((req: IncomingMessage, res: ServerResponse) => {
          if (isApiPath(req.url)) {
            handleApi(req, res);
            return;
          }
          handleWeb(req, res).catch((err: unknown) => {
            log.error({ err, url: req.url }, 'web request failed');
            if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
            res.end('Something went wrong on our side. Please reload the page.');
          });
        });
        server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
          if (isApiPath(req.url)) {
            apiUpgrades.emit('upgrade', req, socket, head);
            return;
          }
          upgraded.add(socket);
          socket.once('close', () => upgraded.delete(socket));
          webUpgrades.emit('upgrade', req, socket, head);
        });
        return server;
      },
    });
    opened.push(async () => {
      // Open WebSockets (HMR) have no request to finish; slow requests get a grace period.
      for (const socket of upgraded) socket.destroy();
      await closeGracefully(app, config.shutdownGraceMs);
    });

    await app.listen({ host: config.host, port: config.port });
    const { port } = app.server.address() as AddressInfo;
    const shownHost = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;

    let closing: Promise<void> | undefined;
    return { url: `http://${shownHost}:${port}`, close: () => (closing ??= closeOpened()), shutdownGraceMs: config.shutdownGraceMs };
  } catch (err) {
    await closeOpened();
    throw err;
  }
}

export { loadDotEnv };

/** The command-line entry: reads .env, starts, says where, and stops cleanly on SIGINT/SIGTERM. */
export async function runConvene(opts: StartOptions = {}): Promise<void> {
  loadDotEnv();
  let convene: Convene;
  try {
    convene = await startConvene(opts);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error('Convene could not start: the port is already in use. Set PORT to a free port.');
    } else if (err instanceof Error && err.message.includes('Could not find a production build')) {
      console.error('Convene could not start: the web app is not built. Use `npm start`, which builds it first.');
    } else {
      console.error('Convene could not start:', err);
    }
    process.exit(1);
  }
  console.info(`Convene is ready at ${convene.url}`);

  exitOnSignals({ close: convene.close, graceMs: convene.shutdownGraceMs, log: console });
}

const isEntry = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) await runConvene();

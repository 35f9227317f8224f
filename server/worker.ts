import pino from 'pino';
import { loadConfig, loadDotEnv } from './config';
import { connectDatabase } from './db/connect';
import { exitOnSignals } from './ops/shutdown';
import { startContentProcessing } from './domain/contents/start-content-processing';
import { openStorage } from './storage/open-storage';

/*
 * `npm run worker`: processes queued uploads (text, thumbnails, passages)
 * with no HTTP server, beside API nodes started with PROCESSING=off, or as
 * extra hands for ones that process too. Any number share the queue: each
 * claims its own items, and another takes over what a dead one left.
 */

loadDotEnv();
// A worker signs no sessions: an empty key keeps it from writing one into its data folder.
const config = loadConfig(process.env, { jwtSecret: new Uint8Array() });
const log = pino({ level: config.logLevel });

// Without DATABASE_URL each process would start a built-in database of its own, sharing no queue with the API.
if (!config.databaseUrl) {
  console.error('The processing worker could not start: set DATABASE_URL to the PostgreSQL database the API uses. Workers never start a built-in database.');
  process.exit(1);
}

let database: Awaited<ReturnType<typeof connectDatabase>>;
let processing: ReturnType<typeof startContentProcessing>;
try {
  database = await connectDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => log.warn({ err: error }, 'an idle database connection failed; the pool will replace it'),
  });
  const storage = await openStorage(config, log).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  processing = startContentProcessing({ db: database.db, storage, config, logger: log });
} catch (error) {
  console.error('The processing worker could not start:', error);
  process.exit(1);
}
log.info({ concurrency: config.processingConcurrency }, 'processing worker ready');

exitOnSignals({
  close: async () => {
    log.info({ graceMs: config.processingStopGraceMs }, 'stopping: running jobs may finish, the rest go back to the queue');
    await processing.stop({ graceMs: config.processingStopGraceMs });
    await database.close();
  },
  graceMs: config.processingStopGraceMs,
  log: console,
});

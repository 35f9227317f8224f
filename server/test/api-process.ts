import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { createMailer } from '../mail/mailer';
import { createLocalDiskStorage } from '../storage/local-disk-storage';
import { reconcileStorage } from '../storage/reconcile-storage';
import { closeGracefully, exitOnSignals } from '../ops/shutdown';

/*
 * The API on its own, as a separate process, for tests that kill it in the
 * middle of requests and start it again on the same data. Settings come from
 * the environment like the real server (DATA_DIR holds the built-in database
 * and the uploads; DATABASE_URL selects another PostgreSQL server instead). It reconciles
 * storage first, exactly as a restart after a crash must, then listens on a
 * random port and prints one JSON line: { url, reconciled }.
 */

const config = loadConfig(process.env, { host: '127.0.0.1', port: 0 });
// Logs go to stderr: stdout carries only the line the test reads.
const logger = pino({ level: config.logLevel }, pino.destination(2));
const database = await connectDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const storage = await createLocalDiskStorage(config.uploadsDir);
const app = await buildApp({
  config,
  db: database.db,
  mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'mail'), from: config.mailFrom, logger }),
  storage,
});
const reconciled = await reconcileStorage({ db: database.db, storage, logger });
await app.listen({ host: config.host, port: config.port });
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, reconciled })}\n`);

exitOnSignals({
  close: () => closeGracefully(app, config.shutdownGraceMs).then(() => database.close()),
  graceMs: config.shutdownGraceMs,
  // stdout carries only the ready line.
  log: { info: () => undefined, error: console.error },
});

import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@/server/app';
import { loadConfig, type Config } from '@/server/config';
import { signSessionToken } from '@/server/lib/tokens';
import { inMemoryMailer } from '@/server/mail/mailer';
import { startContentProcessing } from '@/server/domain/contents/start-content-processing';
import { createLocalDiskStorage } from '@/server/storage/local-disk-storage';
import type { BenchDatabase } from './spaces/database';
import type { SeededHub } from './spaces/seed';

/** Production settings on `dataDir`, with a secret of its own each run. */
export const benchConfig = (dataDir: string): Config =>
  loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') });

/**
 * The real API on the bench database, served on a random local port, with a
 * session token for the seeded caller. The process then serves until SIGTERM
 * or SIGINT, which close the API and the database (and so drop its files).
 * It takes `config` rather than making it: the search benchmark signs file
 * addresses with its secret before the API starts. With `processing`, uploads
 * are processed in the background as `npm start` does.
 */
export async function serveBenchApi(opts: {
  database: BenchDatabase;
  config: Config;
  caller: SeededHub['caller'];
  processing?: boolean;
}): Promise<{ apiUrl: string; token: string }> {
  const { database, config, caller } = opts;
  const storage = await createLocalDiskStorage(config.uploadsDir);
  const quiet = () => undefined;
  const processing = opts.processing
    ? startContentProcessing({ db: database.db, storage, config, logger: { info: quiet, warn: quiet, error: quiet } })
    : undefined;
  const app = await buildApp({ config, db: database.db, mailer: inMemoryMailer(() => undefined), storage, processing });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const token = await signSessionToken({ sessionId: caller.sessionId, userId: caller.userId }, config.jwtSecret, config.sessionTtlSeconds);

  const stop = async () => {
    await app.close();
    await processing?.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());

  return { apiUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/`, token };
}

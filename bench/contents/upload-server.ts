// The upload benchmark's API, in a process of its own so its memory can be
// read apart from the client's: a fresh embedded database with one hub on the
// business plan (its storage quota takes the file) and one space, served on
// a random port. Prints one JSON line with its process id and addresses, then
// serves until SIGTERM.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { organizations, subscriptions } from '@/server/db/schema';
import { createSpace } from '@/server/domain/spaces/create-space';
import { signSessionToken } from '@/server/lib/tokens';
import { createLocalDiskStorage } from '@/server/storage/local-disk-storage';
import { openBenchDatabase } from '../spaces/database';
import { seedSpacesHub } from '../spaces/seed';

export interface UploadBenchServer {
  pid: number;
  /** POST spaces/{id}/contents/ on the real API, without the query string. */
  uploadUrl: string;
  token: string;
  handle: string;
  /** The folder uploads are stored under, to measure the same file system. */
  uploadsDir: string;
}

const database = await openBenchDatabase('pglite');
const { db } = database;
const hub = await seedSpacesHub(db, { spaceCount: 0, memberCount: 2 });
await db.update(subscriptions).set({ planCode: 'business' }).where(eq(subscriptions.organizationId, hub.organizationId));
const [organization] = await db.select().from(organizations).where(eq(organizations.id, hub.organizationId));
const space = await createSpace({
  db,
  viewer: { organizationId: hub.organizationId, userId: hub.caller.userId, hubRole: 'editor' },
  organization: organization!,
  body: { name: 'Uploads', visibility: 'public' },
});

const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: database.dataDir, JWT_SECRET: randomBytes(32).toString('hex') });
const app = await buildApp({ config, db, mailer: { send: async () => undefined }, storage: await createLocalDiskStorage(config.uploadsDir) });
await app.listen({ host: '127.0.0.1', port: 0 });
const token = await signSessionToken({ sessionId: hub.caller.sessionId, userId: hub.caller.userId }, config.jwtSecret, config.sessionTtlSeconds);
const ready: UploadBenchServer = {
  pid: process.pid,
  uploadUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/spaces/${space.id}/contents/`,
  token,
  handle: hub.handle,
  uploadsDir: config.uploadsDir,
};
process.stdout.write(`${JSON.stringify(ready)}\n`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

// The upload benchmark's API, in a process of its own so its memory can be
// read apart from the client's: a fresh embedded database with one hub on the
// business plan (its storage quota takes the file) and one space, served on
// a random port. Prints one JSON line with its process id and addresses, then
// serves until SIGTERM.
import { eq } from 'drizzle-orm';
import { hubs, subscriptions } from '@/server/db/schema';
import { createSpace } from '@/server/domain/spaces/create-space';
import { benchConfig, serveBenchApi } from '../serve-api';
import { openBenchDatabase } from '../spaces/database';
import { seedSpacesHub } from '../spaces/seed';

export interface UploadBenchServer {
  pid: number;
  /** The real API's address, ending in /api/v1/. */
  apiUrl: string;
  /** The space the files go into. */
  spaceId: string;
  token: string;
  handle: string;
  /** The folder uploads are stored under, to measure the same file system. */
  uploadsDir: string;
}

const database = await openBenchDatabase();
const { db } = database;
const hub = await seedSpacesHub(db, { spaceCount: 0, memberCount: 2 });
await db.update(subscriptions).set({ planCode: 'business' }).where(eq(subscriptions.hubId, hub.hubId));
const [organization] = await db.select().from(hubs).where(eq(hubs.id, hub.hubId));
const config = benchConfig(database.dataDir);
const space = await createSpace({
  db,
  config,
  viewer: { hubId: hub.hubId, userId: hub.caller.userId, hubRole: 'editor' },
  organization: organization!,
  body: { name: 'Uploads', visibility: 'public' },
  client: {},
});

const { apiUrl, token } = await serveBenchApi({ database, config, caller: hub.caller });
const ready: UploadBenchServer = {
  pid: process.pid,
  apiUrl,
  spaceId: space.id,
  token,
  handle: hub.handle,
  uploadsDir: config.uploadsDir,
};
process.stdout.write(`${JSON.stringify(ready)}\n`);

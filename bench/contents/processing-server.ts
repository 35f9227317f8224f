// The processing benchmark's API, in a process of its own: a fresh embedded
// database with one hub and one space, served on a random port with uploads
// processed in the background as `npm start` does. Prints one JSON line with
// its addresses, then serves until SIGTERM.
import { hubs } from '@/server/db/schema';
import { createSpace } from '@/server/domain/spaces/create-space';
import { eq } from 'drizzle-orm';
import { benchConfig, serveBenchApi } from '../serve-api';
import { openBenchDatabase } from '../spaces/database';
import { seedSpacesHub } from '../spaces/seed';

export interface ProcessingBenchServer {
  /** The real API's address, ending in /api/v1/. */
  apiUrl: string;
  /** The space the files go into. */
  spaceId: string;
  token: string;
  handle: string;
  /** The folder uploads are stored under, for the baseline's writes. */
  uploadsDir: string;
}

const database = await openBenchDatabase();
const { db } = database;
const hub = await seedSpacesHub(db, { spaceCount: 0, memberCount: 2 });
const [organization] = await db.select().from(hubs).where(eq(hubs.id, hub.hubId));
const config = benchConfig(database.dataDir);
const space = await createSpace({
  db,
  config,
  viewer: { hubId: hub.hubId, userId: hub.caller.userId, hubRole: 'editor' },
  organization: organization!,
  body: { name: 'Notes', visibility: 'public' },
  client: {},
});

const { apiUrl, token } = await serveBenchApi({ database, config, caller: hub.caller, processing: true });
const ready: ProcessingBenchServer = { apiUrl, spaceId: space.id, token, handle: hub.handle, uploadsDir: config.uploadsDir };
process.stdout.write(`${JSON.stringify(ready)}\n`);

// The many-people benchmark's API, in a process of its own so the load
// generator never shares its event loop: one hub with 400 members (all
// signed in, all editors), 20 spaces and 10,000 ready documents in one
// public space, on the product's database. Prints one JSON line, then
// serves until SIGTERM.
import { and, eq, sql } from 'drizzle-orm';
import { contents, memberships, sessions, spaces, subscriptions } from '@/server/db/schema';
import { signSessionToken } from '@/server/lib/tokens';
import { createCorpus, PHRASE, RARE_WORD } from '../contents/corpus';
import { seedDocuments } from '../contents/seed-documents';
import { benchConfig, serveBenchApi } from '../serve-api';
import { openBenchDatabase } from '../spaces/database';
import { seedSpacesHub } from '../spaces/seed';

export interface PeopleBenchServer {
  /** The API root, ending in /api/v1/. */
  apiUrl: string;
  handle: string;
  /** One session token per person. */
  tokens: string[];
  /** Public spaces everyone may read and upload to. */
  spaceIds: string[];
  /** The space holding every document. */
  bigSpaceId: string;
  documents: number;
  /** Words that occur in the documents, common to rare, for searches. */
  words: string[];
  seedSeconds: number;
}

const people = Number(process.env.BENCH_PEOPLE ?? 400);
const documents = Number(process.env.BENCH_PEOPLE_DOCUMENTS ?? 10_000);

const database = await openBenchDatabase();
const { db } = database;
const seedStart = performance.now();
const hub = await seedSpacesHub(db, { spaceCount: 20, memberCount: people });
await db.update(subscriptions).set({ planCode: 'business' }).where(eq(subscriptions.hubId, hub.hubId));
// Everyone may upload: the mix includes small uploads by anyone.
await db.update(memberships).set({ role: 'editor' }).where(eq(memberships.role, 'viewer'));
const corpus = createCorpus();
await seedDocuments(db, { hubId: hub.hubId, createdBy: hub.caller.userId, corpus, count: documents, characters: 2_000 });
const publicSpaces = (await db.select({ id: spaces.id }).from(spaces)
  .where(and(eq(spaces.hubId, hub.hubId), eq(spaces.visibility, 'public')))).map((space) => space.id);
const bigSpaceId = publicSpaces[0]!;
await db.update(contents).set({ spaceId: bigSpaceId }).where(eq(contents.hubId, hub.hubId));
await db.execute(sql`vacuum analyze contents`);
const members = await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.hubId, hub.hubId));
const sessionRows = await db.insert(sessions).values(members.map((member) => ({ userId: member.userId, userAgent: 'bench' }))).returning();
const seedSeconds = (performance.now() - seedStart) / 1000;

const config = benchConfig(database.dataDir);
const { apiUrl } = await serveBenchApi({ database, config, caller: hub.caller });
const tokens = await Promise.all(sessionRows.map((session) =>
  signSessionToken({ sessionId: session.id, userId: session.userId }, config.jwtSecret, config.sessionTtlSeconds)));
const ready: PeopleBenchServer = {
  apiUrl, handle: hub.handle, tokens, spaceIds: publicSpaces, bigSpaceId, documents, seedSeconds,
  words: [corpus.words[0]!, corpus.words[50]!, corpus.words[2_000]!, RARE_WORD, PHRASE],
};
process.stdout.write(`${JSON.stringify(ready)}\n`);

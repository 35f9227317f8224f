// The Ask benchmark's database side and API, in a process of their own so the
// client timing the answers never shares their event loop: seeds one hub with
// the handbook (its notes written through the API, filler notes straight into
// the database the way notes are saved), measures retrieval recall@5 with the
// product's own retrieval, then serves the API and prints one JSON line.
// With BENCH_ASK_MODEL=1 the API writes answers with the language model
// LLM_BASE_URL, LLM_MODEL and LLM_API_KEY name. Serves until SIGTERM.
import { and, eq } from 'drizzle-orm';
import { pathOf } from '@/lib/contract/endpoint';
import { contentEndpoints } from '@/lib/contract/contents';
import { contents, spaces } from '@/server/db/schema';
import { llmSettingsOf } from '@/server/config';
import { retrievePassages } from '@/server/domain/ask/retrieve-passages';
import { savePassages } from '@/server/domain/passages/save-passages';
import { indexContent } from '@/server/domain/search/index-content';
import type { SpaceViewer } from '@/server/policies/spaces';
import { benchConfig, serveBenchApi } from '../serve-api';
import { openBenchDatabase } from '../spaces/database';
import { seedSpacesHub } from '../spaces/seed';
import { createHandbook } from './corpus';

export interface AskBenchServer {
  database: string;
  seedSeconds: number;
  /** The database's address, for the client to read the cited passages. */
  databaseUrl: string;
  askUrl: string;
  token: string;
  handle: string;
  notes: number;
  fillerNotes: number;
  /** Each handbook note's id by title. */
  noteIds: Record<string, string>;
  /** Per question of the set, in order: whether the note holding its fact is among the 5 passages retrieved first. */
  retrievedInTop5: boolean[];
  /** The model the answers are written with, if any. */
  model: string | null;
}

const fillerCount = Number(process.env.BENCH_ASK_FILLER ?? 2_000);
const llm = process.env.BENCH_ASK_MODEL === '1' ? llmSettingsOf(process.env) : undefined;
const FILLER_BATCH = 50;

const database = await openBenchDatabase();
const config = { ...benchConfig(database.dataDir), askRateLimitPerMinute: 1_000_000, llm };
const handbook = createHandbook();
const seedStart = performance.now();
const hub = await seedSpacesHub(database.db, { spaceCount: 20, memberCount: 50 });
const [space] = await database.db.select({ id: spaces.id }).from(spaces)
  .where(and(eq(spaces.hubId, hub.hubId), eq(spaces.visibility, 'public'))).limit(1);
if (!space) throw new Error('the seeded hub has no public space');

for (let first = 0; first < fillerCount; first += FILLER_BATCH) {
  await Promise.all(Array.from({ length: Math.min(FILLER_BATCH, fillerCount - first) }, async (_, i) => {
    const note = handbook.filler(first + i);
    await database.db.transaction(async (db) => {
      const [row] = await db.insert(contents).values({
        hubId: hub.hubId, spaceId: space.id, kind: 'general', source: 'note', name: note.title, status: 'ready',
        body: note.body, createdBy: hub.caller.userId,
      }).returning({ id: contents.id });
      await indexContent({ db, hubId: hub.hubId, contentId: row!.id, name: note.title, body: note.body });
      await savePassages({ db, hubId: hub.hubId, contentId: row!.id, body: note.body });
    });
  }));
}

const { apiUrl, token } = await serveBenchApi({ database, config, caller: hub.caller });
const headers = { AppType: 'social', 'Content-Type': 'application/json', Authorization: `JWT ${token}`, 'Org-Handle': hub.handle };
const noteIds: Record<string, string> = {};
for (const note of handbook.notes) {
  const response = await fetch(`${apiUrl}${pathOf(contentEndpoints.addNote, { id: space.id })}`, {
    method: 'POST', headers, body: JSON.stringify({ title: note.title, body: note.body }),
  });
  const created = (await response.json()) as { data?: { id: string } };
  if (response.status !== 201 || !created.data) throw new Error(`writing the note ${note.title} answered ${response.status}`);
  noteIds[note.title] = created.data.id;
}
await database.db.execute('vacuum analyze');
const seedSeconds = (performance.now() - seedStart) / 1000;

const viewer: SpaceViewer = { hubId: hub.hubId, userId: hub.caller.userId, hubRole: 'editor' };
const retrievedInTop5: boolean[] = [];
for (const { question, note } of handbook.questions) {
  const { passages } = await retrievePassages({ db: database.db, viewer, question });
  retrievedInTop5.push(passages.slice(0, 5).some((passage) => passage.content.id === noteIds[note]));
}

const ready: AskBenchServer = {
  database: database.label, seedSeconds, databaseUrl: database.url, askUrl: `${apiUrl}ask/`, token, handle: hub.handle,
  notes: handbook.notes.length, fillerNotes: fillerCount, noteIds, retrievedInTop5, model: llm?.model ?? null,
};
process.stdout.write(`${JSON.stringify(ready)}\n`);

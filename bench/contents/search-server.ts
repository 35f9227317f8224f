// The search benchmark's database side and API, in a process of their own so
// the client timing the API never shares their event loop: seeds one hub with
// generated documents, times each query's SQL sent straight to the database,
// then serves the API and prints one JSON line with the addresses and the
// direct timings. Serves until SIGTERM.
import { count } from 'drizzle-orm';
import { pathOf } from '@/lib/contract/endpoint';
import { searchEndpoints } from '@/lib/contract/search';
import { searchContents } from '@/server/domain/search/search-contents';
import { spaces } from '@/server/db/schema';
import { visibleSpacesCondition, type SpaceViewer } from '@/server/policies/spaces';
import { benchConfig, serveBenchApi } from '../serve-api';
import { openBenchDatabase } from '../spaces/database';
import { seedSpacesHub } from '../spaces/seed';
import { createCorpus, PHRASE, RARE_WORD } from './corpus';
import { evaluationQueries, scoreEvaluation, type EvaluationScore } from './evaluate-search';
import { sampleLatencies, type Latencies } from './latency';
import { seedDocuments } from './seed-documents';

export interface SearchBenchQuery {
  label: string;
  q: string;
  /** The search's total for the caller (capped: more than that), and the ids of page 1, to check the API's answer against. */
  count: number;
  capped: boolean;
  ids: string[];
  direct: Latencies;
  /** The statement that ranks the matches, as sent. */
  sql: string;
}

export interface SearchBenchServer {
  /** Which PostgreSQL server: the built-in one, or the one DATABASE_URL names. */
  database: string;
  seedSeconds: number;
  documents: number;
  characters: number;
  spaces: number;
  /** Spaces the measured person may read. */
  visibleSpaces: number;
  /** GET search/ on the real API, without the query string. */
  searchUrl: string;
  token: string;
  handle: string;
  queries: SearchBenchQuery[];
  evaluation: EvaluationScore[];
}

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const documents = number('BENCH_SEARCH_DOCUMENTS', 10_000);
const characters = number('BENCH_SEARCH_CHARACTERS', 10_000);
const timing = { seconds: number('BENCH_SEARCH_SECONDS', 3), warmupRuns: 2, minRuns: 10 };
const spaceCount = 20;

const database = await openBenchDatabase();
const config = benchConfig(database.dataDir);
const corpus = createCorpus();

const seedStart = performance.now();
const hub = await seedSpacesHub(database.db, { spaceCount, memberCount: 50 });
const seeded = await seedDocuments(database.db, {
  hubId: hub.hubId, createdBy: hub.caller.userId, corpus, count: documents, characters,
});
const seedSeconds = (performance.now() - seedStart) / 1000;

const viewer: SpaceViewer = { hubId: hub.hubId, userId: hub.caller.userId, hubRole: 'editor' };
const [visible] = await database.db.select({ n: count() }).from(spaces).where(visibleSpacesCondition(viewer));
const presenter = { sessionId: hub.caller.sessionId, secret: config.jwtSecret, fileUrlTtlSeconds: config.fileUrlTtlSeconds };
// A word the vocabulary never holds (its words have 5 or 7 letters): what is typed on the way to a common one.
const typing = corpus.words[1]!.slice(0, 4);
// One letter changed in the middle of a word found in a few hundred documents.
const misspelt = corpus.words[5_000]!;
const planned = [
  { label: 'common word', q: corpus.words[0]! },
  { label: 'rare word', q: RARE_WORD },
  { label: 'two words', q: `${corpus.words[200]} ${corpus.words[500]}` },
  { label: 'phrase', q: `"${PHRASE}"` },
  { label: 'prefix', q: typing },
  { label: 'misspelling', q: `${misspelt.slice(0, 3)}${misspelt[3] === 'a' ? 'e' : 'a'}${misspelt.slice(4)}` },
];
const queries: SearchBenchQuery[] = [];
for (const { label, q } of planned) {
  const { result, statements } = await database.capture(() =>
    searchContents({ db: database.db, viewer, presenter, page: { page: 1, page_size: 10 }, search: { q } }));
  // In order on one connection: the search runs in a transaction whose settings its query needs.
  const direct = await sampleLatencies(() => database.queryInOrder(statements), timing);
  const page = statements.find((statement) => statement.sql.includes('ts_rank'));
  queries.push({
    label, q, count: result.count, capped: result.countIsCapped, ids: result.items.map((item) => item.content.id), direct, sql: page?.sql ?? '',
  });
}

// Each query once, as a first search; the ids of its first page against the documents that belong there.
const evaluated = [];
for (const query of evaluationQueries(corpus, seeded.documents)) {
  const page = await searchContents({ db: database.db, viewer, presenter, page: { page: 1, page_size: 10 }, search: { q: query.q } });
  evaluated.push({ query, top: page.items.map((item) => item.content.id) });
}

const { apiUrl, token } = await serveBenchApi({ database, config, caller: hub.caller });
const ready: SearchBenchServer = {
  database: database.label, seedSeconds, documents: seeded.count, characters: seeded.characters, spaces: spaceCount, visibleSpaces: visible?.n ?? 0,
  token, handle: hub.handle, queries, evaluation: scoreEvaluation(evaluated),
  searchUrl: `${apiUrl}${pathOf(searchEndpoints.search)}`,
};
process.stdout.write(`${JSON.stringify(ready)}\n`);

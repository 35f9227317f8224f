// The record-table benchmark's database side and API, in a process of their
// own so the load generator never shares their event loop: seeds one hub with
// record tables, runs the reads and writes as bare SQL straight to the
// database, then serves the API and prints one JSON line with the addresses
// and the bare timings. Serves until SIGTERM.
import { sql } from 'drizzle-orm';
import { pathOf } from '@/lib/contract/endpoint';
import { recordEndpoints } from '@/lib/contract/records';
import { recordText } from '@/server/domain/records/save-records';
import { benchConfig, serveBenchApi } from '../serve-api';
import { openBenchDatabase } from '../spaces/database';
import { runConcurrently, WRITE_MIN_RUNS, type Throughput } from './concurrent';
import { bareInsert, bareUpdate, readQueries } from './direct-sql';
import { benchChange, benchFields, benchRecord, seedRecordTables } from './seed';

export interface RecordsBenchRead {
  label: string;
  /** GET …/records/ with its query string, under apiUrl. */
  path: string;
  /** The page's ids and the total the bare SQL read, to check the API's answer against. */
  ids: string[];
  count: number;
  direct: Throughput;
}

export interface RecordsBenchEdit {
  label: string;
  /** The table's records when the run starts. */
  tableRecords: number;
  /** One record per person: its address and its version once the bare run is over. */
  targets: Array<{ path: string; version: number }>;
  direct: Throughput;
}

export interface RecordsBenchServer {
  database: string;
  seedSeconds: number;
  records: number;
  apiUrl: string;
  token: string;
  handle: string;
  reads: RecordsBenchRead[];
  edits: RecordsBenchEdit[];
  /** POST …/records/ of each person's own table, under apiUrl. */
  addPaths: string[];
  add: Throughput;
  sampleSql: string;
}

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const recordCount = number('BENCH_RECORDS', 10_000);
const workers = number('BENCH_CONNECTIONS', 10);
const timing = { seconds: number('BENCH_RECORDS_SECONDS', 3), warmupSeconds: 1 };
const EDIT_RECORDS = 2_000;
const PEOPLE = 10;

const database = await openBenchDatabase();
const seedStart = performance.now();
const seeded = await seedRecordTables(database.db, { records: recordCount, editRecords: EDIT_RECORDS, addTables: PEOPLE });
const seedSeconds = (performance.now() - seedStart) / 1000;
const { hubId } = seeded.hub;
const userId = seeded.hub.caller.userId;
// Addresses under the API's base, which is known once it serves (after the bare runs, which have the machine to themselves).
const recordsPath = (contentId: string) => pathOf(recordEndpoints.list, { id: seeded.spaceId, content_id: contentId });
const recordPath = (contentId: string, recordId: string) => pathOf(recordEndpoints.update, { id: seeded.spaceId, content_id: contentId, record_id: recordId });

const reads: RecordsBenchRead[] = [];
for (const query of readQueries) {
  const statements = query.statements(hubId, seeded.readTableId);
  const run = () => Promise.all(statements.map((statement) => database.query(statement)));
  const [page, total] = (await run()) as Array<{ rows: Array<{ id?: string; n?: number }> }>;
  const direct = await runConcurrently(run, { workers, ...timing });
  reads.push({
    label: query.label, path: `${recordsPath(seeded.readTableId)}?${new URLSearchParams(query.search)}`,
    ids: page?.rows.map((row) => row.id ?? '') ?? [], count: total?.rows[0]?.n ?? -1, direct,
  });
}

let changes = 0;
/** Each person changes a record of their own in `contentId`, one change after the other, as bare UPDATEs. */
async function bareEdits(label: string, contentId: string, people: number, seed: number, tableRecords: number): Promise<RecordsBenchEdit> {
  const found = (await database.db.execute(sql`select id, version from records where content_id = ${contentId} order by created_at, id limit ${people}`)) as {
    rows: Array<{ id: string; version: number }>;
  };
  const state = found.rows.map((row, i) => ({ ...row, values: benchRecord(i, seed) }));
  const direct = await runConcurrently(async (worker) => {
    const target = state[worker]!;
    changes += 1;
    const changed = benchChange(changes);
    target.values = { ...target.values, ...changed };
    const result = (await database.query(bareUpdate({ hubId, contentId, recordId: target.id, userId }, changed, recordText(benchFields, target.values), target.version))) as {
      rows: Array<{ version: number }>;
    };
    target.version = result.rows[0]?.version ?? Number.NaN;
  }, { workers: people, ...timing, minRuns: WRITE_MIN_RUNS });
  return { label, tableRecords, targets: state.map((target) => ({ path: recordPath(contentId, target.id), version: target.version })), direct };
}

const edits = [
  await bareEdits(`${PEOPLE} people, each changing a record of one ${EDIT_RECORDS.toLocaleString('en')}-record table`, seeded.editTableId, PEOPLE, 2, EDIT_RECORDS),
  await bareEdits(`1 person changing a record of the ${recordCount.toLocaleString('en')}-record table`, seeded.readTableId, 1, 1, recordCount),
];

let added = 0;
const add = await runConcurrently((worker) => {
  added += 1;
  const values = benchRecord(added, 100 + worker);
  return database.query(bareInsert({ hubId, contentId: seeded.addTableIds[worker]!, userId }, values, recordText(benchFields, values)));
}, { workers: PEOPLE, ...timing, minRuns: WRITE_MIN_RUNS });
// The API's adds start from empty tables too.
await database.db.execute(sql`delete from records where content_id in ${seeded.addTableIds}`);
await database.db.execute(sql`vacuum analyze records`);

const { apiUrl, token } = await serveBenchApi({ database, config: benchConfig(database.dataDir), caller: seeded.hub.caller });
const ready: RecordsBenchServer = {
  database: database.label, seedSeconds, records: recordCount, apiUrl, token, handle: seeded.hub.handle, reads, edits, add,
  addPaths: seeded.addTableIds.map(recordsPath),
  sampleSql: readQueries[2]?.statements(hubId, seeded.readTableId)[0].sql ?? '',
};
process.stdout.write(`${JSON.stringify(ready)}\n`);

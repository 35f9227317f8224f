import { measureLoad, type LoadResult } from '../load';
import { spawnBenchProcess } from '../spawn-servers';
import { runConcurrently, WRITE_MIN_RUNS, type Throughput } from './concurrent';
import { benchChange, benchRecord } from './seed';
import type { RecordsBenchServer } from './server';

export interface RecordsReadResult {
  label: string;
  count: number;
  http: LoadResult;
  direct: Throughput;
}

export interface RecordsWriteResult {
  label: string;
  people: number;
  http: Throughput;
  direct: Throughput;
  /** Edits answered 409 (someone else's change): each re-fetched its version and went on. */
  conflicts: number;
}

export interface RecordsBenchResult {
  database: string;
  seedSeconds: number;
  records: number;
  connections: number;
  reads: RecordsReadResult[];
  writes: RecordsWriteResult[];
  /** Records each adding person's table held at the end (all API adds, warm-up included). */
  addedPerTable: number;
  sampleSql: string;
}

interface RecordBody { data?: { id: string; version: number } }

/**
 * Record tables on the real API against the same work as bare SQL, over one
 * seeded database in a child process: GET …/records/ pages under load, then
 * people changing and adding records at once.
 */
export async function measureRecords(opts: { records: number; connections: number; seconds: number; warmupSeconds: number }): Promise<RecordsBenchResult> {
  const server = await spawnBenchProcess<RecordsBenchServer>('records/server.ts', {
    BENCH_RECORDS: String(opts.records),
    BENCH_CONNECTIONS: String(opts.connections),
    BENCH_RECORDS_SECONDS: String(opts.seconds),
  });
  try {
    const headers = { AppType: 'social', Authorization: `JWT ${server.token}`, 'Org-Handle': server.handle };
    const timing = { seconds: opts.seconds, warmupSeconds: opts.warmupSeconds };
    const reads: RecordsReadResult[] = [];
    for (const read of server.reads) {
      const url = `${server.apiUrl}${read.path}`;
      // The endpoint must answer the very rows the bare SQL reads, or the ratio compares different work.
      const check = await fetch(url, { headers });
      const body = (await check.json()) as { data?: Array<{ id: string }>; count?: number };
      const ids = body.data?.map((record) => record.id) ?? [];
      if (check.status !== 200 || body.count !== read.count || ids.join() !== read.ids.join() || ids.length === 0) {
        throw new Error(`GET records (${read.label}) answered ${check.status} with other rows than the bare SQL`);
      }
      const http = await measureLoad({ url, headers, connections: opts.connections, durationSeconds: opts.seconds, warmupSeconds: opts.warmupSeconds });
      if (http.failures > 0) throw new Error(`GET records (${read.label}): ${http.failures} failed requests`);
      reads.push({ label: read.label, count: read.count, http, direct: read.direct });
    }

    const send = async (method: 'PATCH' | 'POST' | 'GET', url: string, body?: unknown) => {
      const response = await fetch(url, {
        method, headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as RecordBody };
    };
    const writes: RecordsWriteResult[] = [];
    let changes = 0;
    for (const edit of server.edits) {
      const targets = edit.targets.map((target) => ({ url: `${server.apiUrl}${target.path}`, version: target.version }));
      let conflicts = 0;
      const http = await runConcurrently(async (worker) => {
        const target = targets[worker]!;
        changes += 1;
        const answer = await send('PATCH', target.url, { values: benchChange(changes), version: target.version });
        if (answer.status === 409) {
          conflicts += 1;
          const current = await send('GET', target.url);
          target.version = current.body.data?.version ?? target.version;
          return;
        }
        if (answer.status !== 200 || !answer.body.data) throw new Error(`PATCH record answered ${answer.status}`);
        target.version = answer.body.data.version;
      }, { workers: targets.length, ...timing, minRuns: WRITE_MIN_RUNS });
      writes.push({ label: edit.label, people: targets.length, http, direct: edit.direct, conflicts });
    }

    let added = 0;
    const addUrls = server.addPaths.map((path) => `${server.apiUrl}${path}`);
    const adds = await runConcurrently(async (worker) => {
      added += 1;
      const answer = await send('POST', addUrls[worker]!, { values: benchRecord(added, 200 + worker) });
      if (answer.status !== 201) throw new Error(`POST record answered ${answer.status}`);
    }, { workers: addUrls.length, ...timing, minRuns: WRITE_MIN_RUNS });
    writes.push({ label: `${addUrls.length} people, each adding records to a table of their own (one space)`, people: addUrls.length, http: adds, direct: server.add, conflicts: 0 });

    return {
      database: server.database, seedSeconds: server.seedSeconds, records: server.records, connections: opts.connections,
      reads, writes, addedPerTable: Math.round(added / addUrls.length), sampleSql: server.sampleSql,
    };
  } finally {
    await server.stop();
  }
}

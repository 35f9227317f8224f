import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import { connectDatabase, type Database } from '@/server/db/connect';
import { createScratchDatabase } from '@/server/db/scratch-database';

/** One SQL statement exactly as drizzle sent it to the driver. */
export interface Statement {
  sql: string;
  params: unknown[];
}

export interface BenchDatabase {
  /** Which PostgreSQL server, for the report. */
  label: string;
  /** Its connection string, for another process to reach the same database. */
  url: string;
  /** The app's database object; statements it runs inside `capture` are recorded. */
  db: Database;
  /** Runs `work` and returns the statements drizzle sent meanwhile, in order. */
  capture: <T>(work: () => Promise<T>) => Promise<{ result: T; statements: Statement[] }>;
  /** Sends SQL straight to the driver, bypassing drizzle. */
  query: (statement: Statement) => Promise<unknown>;
  /** Sends statements one after the other on one connection (a transaction's, with its settings). */
  queryInOrder: (statements: Statement[]) => Promise<void>;
  /** The data folder, for the API's own files. */
  dataDir: string;
  close: () => Promise<void>;
}

/**
 * A fresh, migrated database for the benchmark: a new database beside
 * DATABASE_URL (dropped on close), or, without it, the product's built-in
 * PostgreSQL server in a temporary folder (stopped and removed on close).
 * The database is opened through the product's connectDatabase, with a
 * logger so the benchmark can replay the app's own SQL directly.
 */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convene-bench-'));
  let recording: Statement[] | null = null;
  const logger: Logger = { logQuery: (sql, params) => void recording?.push({ sql, params }) };
  const capture = async <T>(work: () => Promise<T>) => {
    recording = [];
    try {
      const result = await work();
      return { result, statements: recording };
    } finally {
      recording = null;
    }
  };

  const external = process.env.DATABASE_URL;
  const scratch = external ? await createScratchDatabase(external, 'convene_bench') : undefined;
  const handle = await connectDatabase({ url: scratch?.url, dataDir, logger });
  return {
    label: external ? 'PostgreSQL (DATABASE_URL)' : 'built-in PostgreSQL',
    url: handle.pool.options.connectionString ?? '',
    dataDir, capture,
    db: handle.db,
    query: (statement) => handle.pool.query(statement.sql, statement.params),
    async queryInOrder(statements) {
      const client = await handle.pool.connect();
      try {
        for (const statement of statements) await client.query(statement.sql, statement.params);
      } finally {
        client.release();
      }
    },
    async close() {
      await handle.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

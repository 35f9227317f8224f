import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import { connectDatabase, type Database } from '@/server/db/connect';
import { createScratchDatabase } from '@/server/db/scratch-database';
import * as schema from '@/server/db/schema';

export type Driver = 'pglite' | 'postgres';

/** One SQL statement exactly as drizzle sent it to the driver. */
export interface Statement {
  sql: string;
  params: unknown[];
}

export interface BenchDatabase {
  driver: Driver;
  /** The app's database object; statements it runs inside `capture` are recorded. */
  db: Database;
  /** Runs `work` and returns the statements drizzle sent meanwhile, in order. */
  capture: <T>(work: () => Promise<T>) => Promise<{ result: T; statements: Statement[] }>;
  /** Sends SQL straight to the driver, bypassing drizzle. */
  query: (statement: Statement) => Promise<unknown>;
  /** The data folder, for the API's own files. */
  dataDir: string;
  close: () => Promise<void>;
}

/**
 * A fresh, migrated database for the benchmark: PGlite in a temporary folder
 * (the product's default), or a new PostgreSQL database beside DATABASE_URL,
 * dropped on close. Migrations run through the product's connectDatabase;
 * the benchmark then reconnects with a logger so it can replay the app's
 * own SQL directly.
 */
export async function openBenchDatabase(driver: Driver): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convene-bench-spaces-'));
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

  if (driver === 'pglite') {
    const dbDir = path.join(dataDir, 'db');
    await (await connectDatabase({ dataDir: dbDir })).close();
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const client = new PGlite(dbDir);
    return {
      driver, dataDir, capture,
      db: drizzle(client, { schema, logger }),
      query: (statement) => client.query(statement.sql, statement.params),
      async close() {
        await client.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('the PostgreSQL run needs DATABASE_URL');
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const scratch = await createScratchDatabase(adminUrl, 'convene_bench');
  await (await connectDatabase({ url: scratch.url, dataDir: '' })).close();
  // The same pool size the product uses (server/db/connect.ts).
  const pool = new pg.Pool({ connectionString: scratch.url, max: 10 });
  pool.on('error', (error) => console.warn(`an idle bench connection failed: ${error.message}`));
  return {
    driver, dataDir, capture,
    db: drizzle(pool, { schema, logger }),
    query: (statement) => pool.query(statement.sql, statement.params),
    async close() {
      await pool.end();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise the embedded
 * PGlite in `dataDir` (or in memory when `dataDir` is "memory://"), and
 * applies pending migrations. Both drivers share one schema and migration set.
 */
export async function connectDatabase(opts: {
  url?: string;
  dataDir: string;
  onIdleError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (opts.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.url, max: 10 });
    // An idle client whose server connection dies (PostgreSQL restart, failover)
    // emits 'error'; unhandled it would crash the process. The pool replaces it.
    pool.on('error', (error) => opts.onIdleError?.(error));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!opts.dataDir.startsWith('memory://')) mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite(opts.dataDir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db, driver: 'pglite', close: () => client.close() };
}

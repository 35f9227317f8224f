import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm/logger';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';
import { startEmbeddedPostgres } from './embedded-postgres';
import { importPgliteFolder, pgliteFolder } from './import-pglite';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** The connections under `db`, for SQL that bypasses drizzle (benchmarks replaying it). */
  pool: pg.Pool;
  /** Whether the database is the built-in server this process started (no DATABASE_URL). */
  embedded: boolean;
  /** What was moved over from an earlier version's PGlite folder on this start, if anything. */
  imported?: { tables: number; rows: number };
  close: () => Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Connections per process; PostgreSQL serves them in parallel, two cores keep about this many busy. */
const POOL_SIZE = 10;
/** Held while migrating, so API nodes and workers starting together migrate one after the other. */
const MIGRATION_LOCK = 72_716_601;

async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/**
 * Opens the database and applies pending migrations: the PostgreSQL server at
 * `url`, or, without one, the built-in PostgreSQL server kept in
 * `<dataDir>/pg`, started here and stopped on close. Both go through the same
 * `pg` pool: one driver, one code path.
 */
export async function connectDatabase(opts: {
  url?: string;
  dataDir: string;
  onIdleError?: (error: Error) => void;
  /** Receives every statement (tests count them). */
  logger?: Logger;
}): Promise<DatabaseHandle> {
  const server = opts.url ? undefined : await startEmbeddedPostgres({ dataDir: opts.dataDir });
  try {
    const pool = new pg.Pool({ connectionString: opts.url ?? server?.url, max: POOL_SIZE });
    // An idle client whose server connection dies (PostgreSQL restart, failover)
    // emits 'error'; unhandled it would crash the process. The pool replaces it.
    pool.on('error', (error) => opts.onIdleError?.(error));
    const db = drizzle(pool, { schema, logger: opts.logger });
    let imported: DatabaseHandle['imported'];
    try {
      await migrateOnce(pool);
      const earlier = server && pgliteFolder(opts.dataDir);
      if (earlier) imported = await importPgliteFolder({ folder: earlier, pool, migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      pool,
      embedded: Boolean(server),
      imported,
      close: async () => {
        await pool.end();
        await server?.stop();
      },
    };
  } catch (error) {
    await server?.stop();
    throw error;
  }
}

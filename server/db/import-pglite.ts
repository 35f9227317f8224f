import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/*
 * Earlier versions kept their data in an in-process PGlite database in
 * `<dataDir>/db`. On the first start with the built-in PostgreSQL server, that
 * folder is brought up to the current schema with the same migrations, copied
 * table by table into the new database in one transaction, and renamed to
 * `db.imported` (kept as a backup, never read again).
 */

const BATCH = 1_000;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Where an earlier version's PGlite data would be, if there is one still to import. */
export const pgliteFolder = (dataDir: string) => {
  const folder = path.join(dataDir, 'db');
  return existsSync(path.join(folder, 'PG_VERSION')) ? folder : undefined;
};

export async function importPgliteFolder(opts: { folder: string; pool: pg.Pool; migrationsFolder: string }): Promise<{ tables: number; rows: number }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // The migrations create pg_trgm (search's typo tolerance).
  const source = new PGlite(opts.folder, { extensions: { pg_trgm } });
  let rows = 0;
  let tables = 0;
  const target = await opts.pool.connect();
  try {
    await migrate(drizzle(source), { migrationsFolder: opts.migrationsFolder });
    const { rows: columns } = await source.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND is_generated = 'NEVER'
        ORDER BY table_name, ordinal_position`,
    );
    const byTable = new Map<string, string[]>();
    for (const column of columns) byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column.column_name]);

    await target.query('BEGIN');
    // Replica mode skips foreign-key checks and triggers (the audit trail's
    // append-only guard among them), so tables can be filled in any order.
    await target.query('SET LOCAL session_replication_role = replica');
    for (const [table, names] of byTable) {
      const list = names.map(quote).join(', ');
      // Rows the migrations themselves wrote (reference data) come over with the rest.
      await target.query(`DELETE FROM ${quote(table)}`);
      for (let offset = 0; ; offset += BATCH) {
        const { rows: batch } = await source.query<{ rows: unknown }>(
          `SELECT coalesce(json_agg(t), '[]') AS rows FROM (SELECT ${list} FROM ${quote(table)} ORDER BY ctid OFFSET ${offset} LIMIT ${BATCH}) t`,
        );
        const json = JSON.stringify(batch[0]?.rows ?? []);
        const { rowCount } = await target.query(
          `INSERT INTO ${quote(table)} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`,
          [json],
        );
        rows += rowCount ?? 0;
        if ((rowCount ?? 0) < BATCH) break;
      }
      tables += 1;
    }
    await target.query('COMMIT');
  } catch (error) {
    await target.query('ROLLBACK').catch(() => undefined);
    throw new Error(`Could not import the earlier data in ${opts.folder}; it is untouched: ${(error as Error).message}`, { cause: error });
  } finally {
    target.release();
    await source.close();
  }
  renameSync(opts.folder, `${opts.folder}.imported`);
  return { tables, rows };
}

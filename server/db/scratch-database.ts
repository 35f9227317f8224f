import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A database's URL: `baseUrl` with its database name replaced. */
function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A throw-away PostgreSQL database beside the one `adminUrl` names (for
 * tests and benchmarks), optionally a copy of `template` (a file-level copy,
 * far faster than migrating): its URL, and `drop()` to remove it.
 */
export async function createScratchDatabase(adminUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () =>
      withAdmin(adminUrl, async (client) => {
        // pool.end() can resolve before the server has seen every client go; a
        // forced drop would then kill them mid-goodbye, so wait for them first.
        for (let attempt = 0; attempt < 50; attempt++) {
          const { rows } = await client.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the built-in PostgreSQL server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'convene-pg-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps its password to itself and refuses any other', async () => {
    const server = await startEmbeddedPostgres({ dataDir });
    try {
      expect(statSync(path.join(dataDir, 'pg-password')).mode & 0o077).toBe(0);
      const wrong = new URL(server.url);
      wrong.password = 'guess';
      const client = new pg.Client({ connectionString: wrong.toString() });
      await expect(client.connect()).rejects.toThrow(/password authentication failed/);
      await client.end().catch(() => undefined);
    } finally {
      await server.stop();
    }
  });

  it('takes over from a server a crashed run left behind, on the same data', async () => {
    const first = await startEmbeddedPostgres({ dataDir });
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$still here$$)');
    await client.end();
    const leftover = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    // `first` is never stopped, as when Convene is killed.
    const second = await startEmbeddedPostgres({ dataDir });
    try {
      expect(isRunning(leftover)).toBe(false);
      const again = new pg.Client({ connectionString: second.url });
      await again.connect();
      const { rows } = await again.query<{ note: string }>('SELECT note FROM kept');
      await again.end();
      expect(rows).toEqual([{ note: 'still here' }]);
    } finally {
      await second.stop();
    }
    expect(isRunning(leftover)).toBe(false);
  });
});

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { eq } from 'drizzle-orm';
import { connectDatabase } from './connect';
import { auditEvents, memberships, hubs, users } from './schema';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/*
 * A data folder from an earlier version (PGlite in data/db) is moved into the
 * built-in PostgreSQL server on its first start, once, and kept as a backup.
 */
describe('moving an earlier PGlite data folder into the built-in PostgreSQL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'convene-import-'));
    const earlier = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
    const db = drizzle(earlier);
    await migrate(db, { migrationsFolder });
    const [user] = await db.insert(users).values({ email: 'ada@example.com', name: 'Ada Lovelace' }).returning();
    const [hub] = await db.insert(hubs).values({ name: 'Analytical', domainHandle: 'analytical', visibility: 'private' }).returning();
    await db.insert(memberships).values({ hubId: hub!.id, userId: user!.id, role: 'owner' });
    await db.insert(auditEvents).values({ hubId: hub!.id, actorId: user!.id, type: 'hub.created', data: { note: 'it\'s "quoted"' } });
    await earlier.close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('copies every row, keeps the old folder as db.imported, and does it only once', async () => {
    const first = await connectDatabase({ dataDir });
    try {
      expect(first.imported).toEqual({ tables: expect.any(Number), rows: expect.any(Number) });
      const [user] = await first.db.select().from(users).where(eq(users.email, 'ada@example.com'));
      expect(user?.name).toBe('Ada Lovelace');
      const [membership] = await first.db.select().from(memberships).where(eq(memberships.userId, user!.id));
      expect(membership?.role).toBe('owner');
      const [event] = await first.db.select().from(auditEvents);
      expect(event?.data).toEqual({ note: 'it\'s "quoted"' });
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'db.imported', 'PG_VERSION'))).toBe(true);

    const again = await connectDatabase({ dataDir });
    try {
      expect(again.imported).toBeUndefined();
      expect(await again.db.$count(users)).toBe(1);
    } finally {
      await again.close();
    }
  });
});

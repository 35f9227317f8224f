import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema';
import { RECORDINGS_PER_HUB } from '../../domain/contents/upload-content';
import { startTestServer, type TestServer } from '../../test/harness';
import { createStatementCounter } from '../../test/statement-counter';
import { as, createSpace, hubWithPeople } from '../spaces/space-test-kit';
import { upload } from './upload-test-kit';

/*
 * Recording an upload locks the hub's row. Uploads to one hub that arrive
 * together must mostly wait for each other in memory, not each on a
 * database connection: the node has few, and everyone else's requests need them.
 */

const counter = createStatementCounter();
let server: TestServer;
beforeAll(async () => { server = await startTestServer({}, { databaseLogger: counter.logger }); });
afterAll(async () => { await server.close(); });

/** More uploads at once than the node has database connections. */
const UPLOADS = 12;

const waitingOnLocks = async () => {
  const [row] = await server.db.execute<{ n: number }>(sql`
    select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`).then((r) => r.rows);
  return row?.n ?? 0;
};

describe('POST spaces/{id}/contents/ while the hub is busy', () => {
  it('queues uploads to one hub without taking every database connection', async () => {
    const world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub, { name: 'Inbox' });
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => { locked = resolve; });
    // Another node recording an upload into the hub, for as long as this test says.
    const holder = server.db.transaction(async (tx) => {
      await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, world.hub.id)).for('update');
      locked();
      await released;
    });
    await isLocked;

    const uploads = Array.from({ length: UPLOADS }, (_, i) =>
      upload(server, { person: world.editor, hub: world.hub, spaceId: space.id }, 'document', { name: `note-${i}.txt`, data: `Note ${i}` }));
    try {
      while ((await waitingOnLocks()) === 0) await sleep(20);
      // Time for every upload to arrive and queue.
      await sleep(500);
      expect(await waitingOnLocks()).toBeLessThanOrEqual(RECORDINGS_PER_HUB);
      const list = await Promise.race([
        server.get<{ count: number }>(`spaces/${space.id}/contents/`, as(world.viewer, world.hub)),
        sleep(5_000).then(() => null),
      ]);
      expect(list?.status).toBe(200);
      expect(list?.body.count).toBe(0);
    } finally {
      release();
      await holder;
    }
    for (const res of await Promise.all(uploads)) expect(res.status, JSON.stringify(res.body)).toBe(201);
    const after = await server.get<{ count: number }>(`spaces/${space.id}/contents/`, as(world.viewer, world.hub));
    expect(after.body.count).toBe(UPLOADS);
  });
});

describe('POST spaces/{id}/contents/ under the hub lock', () => {
  it('sends only the storage check and the insert while it holds the lock', async () => {
    const world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub, { name: 'Inbox' });
    let status = 0;
    const statements = await counter.during(async () => {
      ({ status } = await upload(server, { person: world.editor, hub: world.hub, spaceId: space.id }, 'document', { name: 'note.txt', data: 'A note' }));
    });
    expect(status).toBe(201);
    const locking = statements.findIndex((statement) => /from "organizations".* for update/is.test(statement));
    expect(locking).toBeGreaterThan(-1);
    // Until the commit, every statement holds up the hub's other uploads.
    const underLock = statements.slice(locking + 1);
    const insert = underLock.findIndex((statement) => /^insert into "contents"/i.test(statement));
    expect(insert).toBeGreaterThan(-1);
    expect(underLock.slice(0, insert + 1)).toHaveLength(2);
  });
});

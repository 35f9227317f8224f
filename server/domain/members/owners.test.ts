import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, spaceMemberships, spaces } from '../../db/schema';
import { createHub, createUser } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import { assertOwnerRemains, countOwners, type OwnedPlace } from './owners';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

/** A hub with two owners, and a space of it with the same two owners. */
async function twoOwners(): Promise<{ places: Record<'hub' | 'space', OwnedPlace>; first: string; second: string }> {
  const first = await createUser(server);
  const second = await createUser(server);
  const hub = await createHub(server, first.token);
  await server.db.insert(memberships).values({ hubId: hub.id, userId: second.user.id, role: 'owner' });
  const [space] = await server.db.insert(spaces).values({ hubId: hub.id, name: 'Plans', visibility: 'shared', createdBy: first.user.id }).returning();
  await server.db.insert(spaceMemberships).values([first, second].map((p) => ({ spaceId: space!.id, hubId: hub.id, userId: p.user.id, role: 'owner' })));
  return { places: { hub: { hubId: hub.id }, space: { spaceId: space!.id } }, first: first.user.id, second: second.user.id };
}

/** Makes `userId` a viewer of the place, as a demotion does once the guard lets it. */
function demote(db: Parameters<typeof assertOwnerRemains>[0]['db'], place: OwnedPlace, userId: string) {
  return 'spaceId' in place
    ? db.update(spaceMemberships).set({ role: 'viewer' }).where(and(eq(spaceMemberships.spaceId, place.spaceId), eq(spaceMemberships.userId, userId)))
    : db.update(memberships).set({ role: 'viewer' }).where(and(eq(memberships.hubId, place.hubId), eq(memberships.userId, userId)));
}

describe('assertOwnerRemains', () => {
  it.each(['hub', 'space'] as const)('of two %s owners stepping down at once, the second waits for the first and is refused', async (kind) => {
    const { places, first, second } = await twoOwners();
    const place = places[kind];
    let commitFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => { commitFirst = resolve; });
    let firstDemoted!: () => void;
    const demotedOnce = new Promise<void>((resolve) => { firstDemoted = resolve; });
    const firstStep = server.db.transaction(async (tx) => {
      await assertOwnerRemains({ db: tx, place, userId: first, message: 'first' });
      await demote(tx, place, first);
      firstDemoted();
      await firstMayCommit;
    });
    await demotedOnce;

    let settled = false;
    const secondStep = server.db
      .transaction(async (tx) => {
        await assertOwnerRemains({ db: tx, place, userId: second, message: 'A place needs an owner.' });
        await demote(tx, place, second);
      })
      .then(() => 'stepped down', (error: { code?: string }) => error.code)
      .finally(() => { settled = true; });
    // Hold the first step open until the second is waiting on a lock (or, without one, has finished on its own).
    for (let i = 0; i < 250 && !settled; i += 1) {
      const waiting = await server.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((waiting.rows[0]?.n ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    commitFirst();
    await firstStep;

    expect(await secondStep).toBe('last_owner');
    expect(await countOwners(server.db, place)).toBe(1);
  });
});

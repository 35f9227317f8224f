import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connect';
import { memberships, hubs, sessions, spaceMemberships, spaces, users } from '@/server/db/schema';
import { startFreeSubscription } from '@/server/domain/billing/start-free-subscription';

const BATCH = 1000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/** Every tenth space is shared, every tenth (offset five) private, the rest public ("Everyone"). */
const visibilityOf = (i: number) => (i % 10 === 0 ? 'shared' : i % 10 === 5 ? 'private' : 'public');

export interface SeededHub {
  hubId: string;
  handle: string;
  /** The person whose list is measured: a hub editor, member of some shared spaces. */
  caller: { userId: string; sessionId: string };
}

/**
 * One hub with `memberCount` members and `spaceCount` spaces, written with
 * multi-row inserts. Each space has its creator as owner and two more
 * members; spaces are created a second apart so the newest-first order is
 * the insertion order reversed.
 */
export async function seedSpacesHub(db: Database, opts: { spaceCount: number; memberCount: number }): Promise<SeededHub> {
  const now = Date.now();
  const people = Array.from({ length: opts.memberCount }, (_, i) => ({
    email: `member${i}@bench.test`,
    name: `Member ${i}`,
    emailVerifiedAt: new Date(now),
    profileRole: 'software_engineer',
    profileCompletedAt: new Date(now),
  }));
  const userIds: string[] = [];
  await insertInBatches(people, async (batch) => {
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    userIds.push(...rows.map((row) => row.id));
  });

  const handle = 'bench-spaces';
  const [hub] = await db
    .insert(hubs)
    .values({ name: 'Bench Spaces', domainHandle: handle, visibility: 'shared', createdBy: userIds[0] })
    .returning({ id: hubs.id });
  const hubId = hub!.id;
  await startFreeSubscription({ db, hubId });
  const callerId = userIds[1]!;
  await insertInBatches(userIds, (batch) => db.insert(memberships).values(batch.map((userId, i) => ({
    hubId, userId, role: userId === userIds[0] ? 'owner' : userId === callerId || i % 5 === 0 ? 'editor' : 'viewer',
  }))));

  const spaceRows = Array.from({ length: opts.spaceCount }, (_, i) => ({
    hubId,
    name: `Space ${i}`,
    description: `Notes and meetings of team ${i}`,
    visibility: visibilityOf(i),
    createdBy: userIds[i % userIds.length]!,
    createdAt: new Date(now - (opts.spaceCount - i) * 1000),
  }));
  const spaceIds: string[] = [];
  await insertInBatches(spaceRows, async (batch) => {
    const rows = await db.insert(spaces).values(batch).returning({ id: spaces.id });
    spaceIds.push(...rows.map((row) => row.id));
  });

  const spaceMembers = spaceIds.flatMap((spaceId, i) => {
    const owner = i % userIds.length;
    // Two more members, distinct from the owner and each other; the caller lands in every seventh space.
    const others = [(owner + 1 + (i % 7)) % userIds.length, (owner + 8 + (i % 11)) % userIds.length];
    return [
      { spaceId, hubId, userId: userIds[owner]!, role: 'owner' },
      ...others.map((index) => ({ spaceId, hubId, userId: userIds[index]!, role: 'viewer' })),
      ...(i % 7 === 3 && ![owner, ...others].includes(1) ? [{ spaceId, hubId, userId: callerId, role: 'editor' }] : []),
    ];
  });
  await insertInBatches(spaceMembers, (batch) => db.insert(spaceMemberships).values(batch));

  // Fresh statistics and visibility map, as autovacuum would have them on a database that
  // grew to this size (without the map, index-only scans still visit every row).
  await db.execute(sql`vacuum analyze`);
  const [session] = await db.insert(sessions).values({ userId: callerId, userAgent: 'bench' }).returning({ id: sessions.id });
  return { hubId, handle, caller: { userId: callerId, sessionId: session!.id } };
}

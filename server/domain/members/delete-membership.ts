import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, spaceMemberships, users } from '../../db/schema';
import { assertOwnerRemains } from './owners';

/**
 * Takes a person out of a hub: the membership, their memberships of the
 * hub's spaces, and the hub as their active one. The last owner cannot go.
 * Run inside a transaction.
 */
export async function deleteMembership(opts: {
  db: Database;
  hubId: string;
  member: { userId: string };
  lastOwnerMessage: string;
}): Promise<void> {
  const { db, hubId, member } = opts;
  await assertOwnerRemains({ db, place: { hubId }, userId: member.userId, message: opts.lastOwnerMessage });
  await db
    .delete(spaceMemberships)
    .where(and(eq(spaceMemberships.hubId, hubId), eq(spaceMemberships.userId, member.userId)));
  await db
    .delete(memberships)
    .where(and(eq(memberships.hubId, hubId), eq(memberships.userId, member.userId)));
  await db
    .update(users)
    .set({ activeHubId: null })
    .where(and(eq(users.id, member.userId), eq(users.activeHubId, hubId)));
}

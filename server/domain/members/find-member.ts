import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { memberColumns } from './present-member';
import { isId } from './resolve-path-hub';

/** A member of the hub, or 404 for anyone else (unknown ids and other hubs' members alike). */
export async function findMember(opts: { db: Database; hubId: string; userId: string }) {
  if (!isId(opts.userId)) throw notFound('That member');
  const [row] = await opts.db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.hubId, opts.hubId), eq(memberships.userId, opts.userId)))
    .limit(1);
  if (!row) throw notFound('That member');
  return row;
}

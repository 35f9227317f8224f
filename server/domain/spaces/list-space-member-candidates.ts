import { and, asc, count, eq, ilike, ne, notExists, or } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, spaceMemberships, users } from '../../db/schema';
import type { PageQuery } from '../../../lib/contract/envelope';
import type { SpaceMemberCandidate } from '../../../lib/contract/spaces';
import { pageOffset } from '../../lib/envelope';
import type { SpaceAccess, SpaceViewer } from '../../policies/spaces';
import { containsPattern } from './contains-pattern';

/**
 * One page of the hub's members who could be added to a visible space, by
 * name: those already in it and the caller are left out. Only those who may
 * add members ask (its endpoint requires invite).
 */
export async function listSpaceMemberCandidates(opts: {
  db: Database;
  viewer: SpaceViewer;
  access: SpaceAccess;
  page: PageQuery;
  search?: string;
}): Promise<{ items: SpaceMemberCandidate[]; count: number }> {
  const { db, viewer, access } = opts;
  const inSpace = db
    .select({ userId: spaceMemberships.userId })
    .from(spaceMemberships)
    .where(and(eq(spaceMemberships.spaceId, access.space.id), eq(spaceMemberships.userId, memberships.userId)));
  const pattern = opts.search === undefined ? undefined : containsPattern(opts.search);
  const where = and(
    eq(memberships.hubId, viewer.hubId),
    ne(memberships.userId, viewer.userId),
    notExists(inSpace),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ user_id: users.id, name: users.name, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(opts.page.page_size)
      .offset(pageOffset(opts.page)),
    db.select({ n: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where),
  ]);
  return { items: rows, count: total?.n ?? 0 };
}

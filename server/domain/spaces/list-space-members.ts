import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMemberships, users } from '../../db/schema';
import type { PageQuery } from '../../../lib/contract/envelope';
import type { SpaceMember } from '../../../lib/contract/spaces';
import { pageOffset } from '../../lib/envelope';
import type { SpaceViewer } from '../../policies/spaces';
import { containsPattern } from './contains-pattern';
import { findVisibleSpace } from './find-visible-space';
import { presentSpaceMember, selectSpaceMembers, spaceMemberCaller, spaceMembersCondition } from './space-member-view';

/** One page of a visible space's members in the order they joined, optionally searched by name or email. */
export async function listSpaceMembers(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  page: PageQuery;
  search?: string;
}): Promise<{ items: SpaceMember[]; count: number }> {
  const { db } = opts;
  const access = await findVisibleSpace({ db, viewer: opts.viewer, spaceId: opts.spaceId });
  const { space } = access;
  const pattern = opts.search === undefined ? undefined : containsPattern(opts.search);
  const matching = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
  const [rows, [total], caller] = await Promise.all([
    selectSpaceMembers(db, space, matching)
      .orderBy(asc(spaceMemberships.createdAt), asc(spaceMemberships.userId))
      .limit(opts.page.page_size)
      .offset(pageOffset(opts.page)),
    db
      .select({ n: count() })
      .from(spaceMemberships)
      .innerJoin(users, eq(users.id, spaceMemberships.userId))
      .where(spaceMembersCondition(space, matching)),
    spaceMemberCaller(db, access, opts.viewer),
  ]);
  return { items: rows.map((row) => presentSpaceMember(row, caller)), count: total?.n ?? 0 };
}

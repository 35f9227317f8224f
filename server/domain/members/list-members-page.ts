import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, users } from '../../db/schema';
import type { PageQuery } from '../../../lib/contract/envelope';
import type { Member } from '../../../lib/contract/members';
import type { Role } from '../../../lib/contract/settings';
import { pageOffset } from '../../lib/envelope';
import { hubMemberCaller, memberColumns, presentMember } from './present-member';

/** `%`, `_` and `\` are wildcards/escape in LIKE; a search for them means the characters themselves. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;

/** One page of a hub's members, oldest first, optionally only those whose name or email contains `search`. */
export async function listMembersPage(opts: {
  db: Database;
  hubId: string;
  page: PageQuery;
  search?: string;
  /** The viewer's role in the hub: owners manage members and see who has two-factor sign-in. */
  role: Role;
}): Promise<{ items: Member[]; count: number }> {
  const { db } = opts;
  const conditions: SQL[] = [eq(memberships.hubId, opts.hubId)];
  if (opts.search) {
    const pattern = likePattern(opts.search);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [total], caller] = await Promise.all([
    db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(memberships.createdAt, users.id)
      .limit(opts.page.page_size)
      .offset(pageOffset(opts.page)),
    db.select({ n: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where),
    hubMemberCaller(db, opts.hubId, opts.role),
  ]);
  const showTwoFactor = opts.role === 'owner';
  return { items: rows.map((row) => presentMember(row, caller, showTwoFactor)), count: total?.n ?? 0 };
}

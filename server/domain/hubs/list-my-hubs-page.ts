import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, hubs } from '../../db/schema';
import type { PageQuery } from '../../../lib/contract/envelope';
import type { MyHub } from '../../../lib/contract/hubs';
import { pageOffset } from '../../lib/envelope';
import { memberCount, presentMembership } from './present-hub';

/** One page of the user's hubs (not archived), in the order they were joined, with the total. */
export async function listMyHubsPage(opts: {
  db: Database;
  userId: string;
  page: PageQuery;
}): Promise<{ items: MyHub[]; count: number }> {
  const { db } = opts;
  const mine = and(eq(memberships.userId, opts.userId), isNull(hubs.archivedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({ organization: hubs, role: memberships.role, memberCount })
      .from(memberships)
      .innerJoin(hubs, eq(hubs.id, memberships.hubId))
      .where(mine)
      .orderBy(memberships.createdAt, hubs.id)
      .limit(opts.page.page_size)
      .offset(pageOffset(opts.page)),
    db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(hubs, eq(hubs.id, memberships.hubId))
      .where(mine),
  ]);
  return { items: rows.map(presentMembership), count: total?.n ?? 0 };
}

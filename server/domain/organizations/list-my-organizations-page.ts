import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, organizations } from '../../db/schema';
import type { PageQuery } from '../../../lib/contract/envelope';
import type { MyOrganization } from '../../../lib/contract/organizations';
import { pageOffset } from '../../lib/envelope';
import { memberCount, presentMembership } from './present-organization';

/** One page of the user's hubs (not archived), in the order they were joined, with the total. */
export async function listMyOrganizationsPage(opts: {
  db: Database;
  userId: string;
  page: PageQuery;
}): Promise<{ items: MyOrganization[]; count: number }> {
  const { db } = opts;
  const mine = and(eq(memberships.userId, opts.userId), isNull(organizations.archivedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({ organization: organizations, role: memberships.role, memberCount })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(mine)
      .orderBy(memberships.createdAt, organizations.id)
      .limit(opts.page.page_size)
      .offset(pageOffset(opts.page)),
    db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(mine),
  ]);
  return { items: rows.map(presentMembership), count: total?.n ?? 0 };
}

import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, organizations } from '../../db/schema';
import type { MyOrganization } from '../../../lib/contract/organizations';
import { normalizeHandle } from './normalize-handle';
import { memberCount, presentMembership } from './present-organization';

/** The hub named by `handle` if the user is a member of it; otherwise null (unknown and foreign hubs alike). */
export async function findMyOrganization(opts: {
  db: Database;
  userId: string;
  handle: string;
}): Promise<MyOrganization | null> {
  const handle = normalizeHandle(opts.handle);
  if (!handle) return null;
  const rows = await opts.db
    .select({ organization: organizations, role: memberships.role, memberCount })
    .from(organizations)
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, opts.userId)),
    )
    .where(and(eq(organizations.domainHandle, handle), isNull(organizations.archivedAt)))
    .limit(1);
  return rows[0] ? presentMembership(rows[0]) : null;
}

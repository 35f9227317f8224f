import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, hubs } from '../../db/schema';
import type { MyHub } from '../../../lib/contract/hubs';
import { normalizeHandle } from './normalize-handle';
import { memberCount, presentMembership } from './present-hub';

/** The hub named by `handle` if the user is a member of it; otherwise null (unknown and foreign hubs alike). */
export async function findMyHub(opts: {
  db: Database;
  userId: string;
  handle: string;
}): Promise<MyHub | null> {
  const handle = normalizeHandle(opts.handle);
  if (!handle) return null;
  const rows = await opts.db
    .select({ organization: hubs, role: memberships.role, memberCount })
    .from(hubs)
    .innerJoin(
      memberships,
      and(eq(memberships.hubId, hubs.id), eq(memberships.userId, opts.userId)),
    )
    .where(and(eq(hubs.domainHandle, handle), isNull(hubs.archivedAt)))
    .limit(1);
  return rows[0] ? presentMembership(rows[0]) : null;
}

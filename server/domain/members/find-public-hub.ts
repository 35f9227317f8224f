import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, hubs } from '../../db/schema';
import type { HubPreview } from '../../../lib/contract/hubs';
import { notFound } from '../../lib/errors';
import { normalizeHandle } from '../hubs/normalize-handle';
import { memberCount, presentHub } from '../hubs/present-hub';

/**
 * What the shareable join link shows: a public hub's summary, to anyone
 * signed in. Shared (invitation-only) and archived hubs answer 404 exactly
 * like unknown ones, even to their members, so the link reveals nothing.
 */
export async function findPublicHub(opts: { db: Database; userId: string; handle: string }): Promise<HubPreview> {
  const handle = normalizeHandle(opts.handle);
  if (!handle) throw notFound('That hub');
  const isMember = sql<boolean>`exists (select 1 from ${memberships} where ${memberships.hubId} = ${hubs.id} and ${memberships.userId} = ${opts.userId})`;
  const [row] = await opts.db
    .select({ organization: hubs, memberCount, isMember })
    .from(hubs)
    .where(and(eq(hubs.domainHandle, handle), eq(hubs.visibility, 'public'), isNull(hubs.archivedAt)))
    .limit(1);
  if (!row) throw notFound('That hub');
  return { ...presentHub(row.organization, row.memberCount), is_member: Boolean(row.isMember) };
}

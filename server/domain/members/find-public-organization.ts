import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, organizations } from '../../db/schema';
import type { OrganizationPreview } from '../../../lib/contract/organizations';
import { notFound } from '../../lib/errors';
import { normalizeHandle } from '../organizations/normalize-handle';
import { memberCount, presentOrganization } from '../organizations/present-organization';

/**
 * What the shareable join link shows: a public hub's summary, to anyone
 * signed in. Shared (invitation-only) and archived hubs answer 404 exactly
 * like unknown ones, even to their members, so the link reveals nothing.
 */
export async function findPublicOrganization(opts: { db: Database; userId: string; handle: string }): Promise<OrganizationPreview> {
  const handle = normalizeHandle(opts.handle);
  if (!handle) throw notFound('That hub');
  const isMember = sql<boolean>`exists (select 1 from ${memberships} where ${memberships.organizationId} = ${organizations.id} and ${memberships.userId} = ${opts.userId})`;
  const [row] = await opts.db
    .select({ organization: organizations, memberCount, isMember })
    .from(organizations)
    .where(and(eq(organizations.domainHandle, handle), eq(organizations.visibility, 'public'), isNull(organizations.archivedAt)))
    .limit(1);
  if (!row) throw notFound('That hub');
  return { ...presentOrganization(row.organization, row.memberCount), is_member: Boolean(row.isMember) };
}

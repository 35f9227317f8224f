import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, organizations } from '../../db/schema';
import type { MyOrganization, OrganizationSummary } from '../../../lib/contract/organizations';
import type { HubVisibility, Role } from '../../../lib/contract/settings';
import { hubAbilities } from '../../../lib/policies/abilities';
import type { OrganizationRow } from '../../types';

export function presentOrganization(row: OrganizationRow, memberCount: number): OrganizationSummary {
  return {
    id: row.id,
    name: row.name,
    domain_handle: row.domainHandle,
    description: row.description,
    visibility: row.visibility as HubVisibility,
    colour: row.colour,
    email_domain: row.emailDomain,
    member_count: memberCount,
    created_at: row.createdAt.toISOString(),
  };
}

export async function countMembers(opts: { db: Database; organizationId: string }): Promise<number> {
  const [row] = await opts.db
    .select({ n: count() })
    .from(memberships)
    .where(eq(memberships.organizationId, opts.organizationId));
  return row?.n ?? 0;
}

/**
 * The hub's member count as a column of the query that reads the hub, so a
 * list costs one round trip instead of two.
 */
export const memberCount = sql<number>`(select count(*)::int from ${memberships} where ${memberships.organizationId} = ${organizations.id})`.mapWith(Number);

/** A hub as one of its members sees it: with the member's role and what it lets them do. */
export function presentMembership(row: { organization: OrganizationRow; role: string; memberCount: number }): MyOrganization {
  const role = row.role as Role;
  return { ...presentOrganization(row.organization, row.memberCount), role, abilities: hubAbilities(role) };
}

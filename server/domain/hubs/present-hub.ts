import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, hubs } from '../../db/schema';
import type { MyHub, HubSummary } from '../../../lib/contract/hubs';
import type { HubVisibility, Role } from '../../../lib/contract/settings';
import { hubAbilities } from '../../../lib/policies/abilities';
import type { HubRow } from '../../types';

export function presentHub(row: HubRow, memberCount: number): HubSummary {
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

export async function countMembers(opts: { db: Database; hubId: string }): Promise<number> {
  const [row] = await opts.db
    .select({ n: count() })
    .from(memberships)
    .where(eq(memberships.hubId, opts.hubId));
  return row?.n ?? 0;
}

/**
 * The hub's member count as a column of the query that reads the hub, so a
 * list costs one round trip instead of two.
 */
export const memberCount = sql<number>`(select count(*)::int from ${memberships} where ${memberships.hubId} = ${hubs.id})`.mapWith(Number);

/** A hub as one of its members sees it: with the member's role and what it lets them do. */
export function presentMembership(row: { organization: HubRow; role: string; memberCount: number }): MyHub {
  const role = row.role as Role;
  return { ...presentHub(row.organization, row.memberCount), role, abilities: hubAbilities(role) };
}

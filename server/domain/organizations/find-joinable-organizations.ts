import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations, memberships, organizations, users } from '../../db/schema';
import type { JoinableOrganization } from '../../../lib/contract/organizations';
import type { Role } from '../../../lib/contract/settings';
import { isAcceptableInvitation } from '../invitations/pending-invitation';
import { memberCount, presentOrganization } from './present-organization';

/**
 * Hubs the user may join but has not: pending, unexpired invitations to the
 * user's email first, then public hubs open to the user's email domain. An
 * invitation into a space of a hub counts too: accepting it makes the user
 * a viewer of the hub, so that is the role offered (a hub invitation wins).
 */
export async function findJoinableOrganizations(opts: {
  db: Database;
  userId: string;
  email: string;
}): Promise<JoinableOrganization[]> {
  const { db } = opts;
  const mine = db.select({ id: memberships.organizationId }).from(memberships).where(eq(memberships.userId, opts.userId));
  const invited = await db
    .select({
      organization: organizations, memberCount, role: invitations.role, spaceId: invitations.spaceId, invitedBy: users.name,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.email, opts.email),
        isAcceptableInvitation(),
        isNull(organizations.archivedAt),
        notInArray(organizations.id, mine),
      ),
    )
    .orderBy(sql`${invitations.spaceId} is null desc`, desc(invitations.createdAt));

  const domain = opts.email.split('@')[1] ?? '';
  const byDomain = await db
    .select({ organization: organizations, memberCount })
    .from(organizations)
    .where(
      and(
        eq(organizations.emailDomain, domain),
        eq(organizations.visibility, 'public'),
        isNull(organizations.archivedAt),
        notInArray(organizations.id, mine),
      ),
    )
    .orderBy(organizations.createdAt);

  const seen = new Set<string>();
  const rows: JoinableOrganization[] = [];
  const add = (
    r: { organization: typeof organizations.$inferSelect; memberCount: number },
    joinable: Pick<JoinableOrganization, 'reason' | 'role' | 'invited_by'>,
  ) => {
    if (seen.has(r.organization.id)) return;
    seen.add(r.organization.id);
    rows.push({ ...presentOrganization(r.organization, r.memberCount), ...joinable });
  };
  for (const r of invited) {
    add(r, { reason: 'invitation', role: r.spaceId ? 'viewer' : (r.role as Role), invited_by: r.invitedBy });
  }
  for (const r of byDomain) add(r, { reason: 'email_domain', role: 'viewer', invited_by: null });
  return rows;
}

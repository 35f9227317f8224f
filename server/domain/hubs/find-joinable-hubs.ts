import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations, memberships, hubs, users } from '../../db/schema';
import type { JoinableHub } from '../../../lib/contract/hubs';
import type { Role } from '../../../lib/contract/settings';
import { isAcceptableInvitation } from '../invitations/pending-invitation';
import { memberCount, presentHub } from './present-hub';

/**
 * Hubs the user may join but has not: pending, unexpired invitations to the
 * user's email first, then public hubs open to the user's email domain. An
 * invitation into a space of a hub counts too: accepting it makes the user
 * a viewer of the hub, so that is the role offered (a hub invitation wins).
 */
export async function findJoinableHubs(opts: {
  db: Database;
  userId: string;
  email: string;
}): Promise<JoinableHub[]> {
  const { db } = opts;
  const mine = db.select({ id: memberships.hubId }).from(memberships).where(eq(memberships.userId, opts.userId));
  const invited = await db
    .select({
      organization: hubs, memberCount, role: invitations.role, spaceId: invitations.spaceId, invitedBy: users.name,
    })
    .from(invitations)
    .innerJoin(hubs, eq(hubs.id, invitations.hubId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.email, opts.email),
        isAcceptableInvitation(),
        isNull(hubs.archivedAt),
        notInArray(hubs.id, mine),
      ),
    )
    .orderBy(sql`${invitations.spaceId} is null desc`, desc(invitations.createdAt));

  const domain = opts.email.split('@')[1] ?? '';
  const byDomain = await db
    .select({ organization: hubs, memberCount })
    .from(hubs)
    .where(
      and(
        eq(hubs.emailDomain, domain),
        eq(hubs.visibility, 'public'),
        isNull(hubs.archivedAt),
        notInArray(hubs.id, mine),
      ),
    )
    .orderBy(hubs.createdAt);

  const seen = new Set<string>();
  const rows: JoinableHub[] = [];
  const add = (
    r: { organization: typeof hubs.$inferSelect; memberCount: number },
    joinable: Pick<JoinableHub, 'reason' | 'role' | 'invited_by'>,
  ) => {
    if (seen.has(r.organization.id)) return;
    seen.add(r.organization.id);
    rows.push({ ...presentHub(r.organization, r.memberCount), ...joinable });
  };
  for (const r of invited) {
    add(r, { reason: 'invitation', role: r.spaceId ? 'viewer' : (r.role as Role), invited_by: r.invitedBy });
  }
  for (const r of byDomain) add(r, { reason: 'email_domain', role: 'viewer', invited_by: null });
  return rows;
}

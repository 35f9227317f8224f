import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, hubs } from '../../db/schema';
import type { CurrentStep, User } from '../../../lib/contract/auth';
import type { UserRow } from '../../types';
import { memberCount, presentMembership } from '../hubs/present-hub';
import { findJoinableHubs } from '../hubs/find-joinable-hubs';
import { hasTwoFactor } from '../two-factor/has-two-factor';
import { photoUrlOf } from './photo-url';

const myHubRows = (opts: { db: Database; userId: string }) =>
  opts.db
    .select({ organization: hubs, role: memberships.role, memberCount })
    .from(memberships)
    .innerJoin(hubs, eq(hubs.id, memberships.hubId))
    .where(and(eq(memberships.userId, opts.userId), isNull(hubs.archivedAt)))
    .orderBy(memberships.createdAt);

/**
 * The onboarding state machine (design §4): profile → organization |
 * join_organization → completed. Derived from the data, so creating or
 * joining a hub moves it on without a separate write.
 */
function currentStepOf(user: UserRow, hubCount: number, joinableCount: number): CurrentStep {
  if (!user.profileCompletedAt) return 'profile';
  if (hubCount > 0) return 'completed';
  return joinableCount > 0 ? 'join_organization' : 'organization';
}

/** The `auth/me/` view of a user. */
export async function getUserView(opts: { db: Database; user: UserRow }): Promise<User> {
  const { db, user } = opts;
  const [rows, joinable, twoFactorEnabled] = await Promise.all([
    myHubRows({ db, userId: user.id }),
    findJoinableHubs({ db, userId: user.id, email: user.email }),
    hasTwoFactor({ db, user }),
  ]);
  const hubs = rows.map(presentMembership);
  const active = hubs.find((h) => h.id === user.activeHubId) ?? hubs[0] ?? null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    email_verified: user.emailVerifiedAt !== null,
    profile: { role: user.profileRole, about: user.about, colour: user.colour },
    photo_url: photoUrlOf(user.photoKey),
    has_password: user.passwordHash !== null,
    current_step: currentStepOf(user, hubs.length, joinable.length),
    organization: joinable[0] ?? null,
    active_organization: active,
    organizations: hubs,
    created_at: user.createdAt.toISOString(),
    two_factor_enabled: twoFactorEnabled,
    // Whether a hub of theirs demands two-factor sign-in they do not have yet: read off the hubs already loaded.
    two_factor_required: !twoFactorEnabled && rows.some((row) => row.organization.requireTwoFactor),
  };
}

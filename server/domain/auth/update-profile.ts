import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { profileRoles } from '../../../lib/basic-settings';
import type { User } from '../../../lib/contract/auth';
import type { UserRow } from '../../types';
import { getUserView } from '../users/get-user-view';

/**
 * Saves the basic profile. The first save completes the `profile` step, which
 * moves current_step on to `organization` or `join_organization`.
 */
export async function updateProfile(opts: {
  db: Database;
  user: UserRow;
  name: string;
  role: string;
  about?: string;
  colour?: string;
}): Promise<User> {
  const { db } = opts;
  // The role is one of core/basic-settings' profile_roles, so every client can label it.
  if (!profileRoles.some((r) => r.value === opts.role)) throw fieldError('role', 'Please choose a role from the list.');
  const [updated] = await db
    .update(users)
    .set({
      name: opts.name,
      profileRole: opts.role,
      about: opts.about ?? null,
      ...(opts.colour ? { colour: opts.colour } : {}),
      profileCompletedAt: sql`coalesce(${users.profileCompletedAt}, now())`,
    })
    .where(eq(users.id, opts.user.id))
    .returning();
  if (!updated) throw new Error('profile update matched no user');
  return getUserView({ db, user: updated });
}

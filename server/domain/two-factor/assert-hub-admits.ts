import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { hubs, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { twoFactorEnabledSql } from './has-two-factor';

export const twoFactorRequired = (hubName: string) =>
  new AppError(403, 'two_factor_required', `${hubName} requires two-factor sign-in. Set it up to continue.`);

/**
 * For ways into a hub that do not pass requireHub (a meeting found by its
 * code): a hub that requires two-factor sign-in admits its members only once
 * they have it. Call it after membership was checked.
 */
export async function assertHubAdmits(opts: { db: Database; hubId: string; userId: string }): Promise<void> {
  const [row] = await opts.db
    .select({ name: hubs.name, required: hubs.requireTwoFactor, has: twoFactorEnabledSql })
    .from(hubs)
    .innerJoin(users, eq(users.id, opts.userId))
    .where(eq(hubs.id, opts.hubId))
    .limit(1);
  if (row?.required && !row.has) throw twoFactorRequired(row.name);
}

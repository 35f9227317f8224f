import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { hubs, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { HubRow } from '../../types';
import { hasTwoFactor, type TwoFactorUser } from './has-two-factor';

export const twoFactorRequired = (hubName: string) =>
  new AppError(403, 'two_factor_required', `${hubName} requires two-factor sign-in. Set it up to continue.`);

/**
 * The hub's two-factor rule, the one place it is written: a hub that
 * requires two-factor sign-in admits its members only once they have it
 * (403 two_factor_required). requireHub applies it to every hub-scoped
 * request; ways into a hub that do not pass requireHub (a meeting found by
 * its code, a signed file address) apply it after they checked membership.
 */
export async function assertMemberAdmitted(opts: {
  db: Database;
  hub: Pick<HubRow, 'name' | 'requireTwoFactor'>;
  user: TwoFactorUser;
}): Promise<void> {
  // Asked only of a hub that requires it, so most hubs cost no query.
  if (opts.hub.requireTwoFactor && !(await hasTwoFactor({ db: opts.db, user: opts.user }))) {
    throw twoFactorRequired(opts.hub.name);
  }
}

/** assertMemberAdmitted for a caller that knows only the hub's and the person's ids. */
export async function assertHubAdmits(opts: { db: Database; hubId: string; userId: string }): Promise<void> {
  const [row] = await opts.db
    .select({
      hub: { name: hubs.name, requireTwoFactor: hubs.requireTwoFactor },
      user: { id: users.id, totpEnabledAt: users.totpEnabledAt },
    })
    .from(hubs)
    .innerJoin(users, eq(users.id, opts.userId))
    .where(eq(hubs.id, opts.hubId))
    .limit(1);
  if (row) await assertMemberAdmitted({ db: opts.db, ...row });
}

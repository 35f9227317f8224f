import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { memberships, hubs, passkeys, users } from '../../db/schema';
import type { UserRow } from '../../types';

/**
 * Whether the `users` row of a query signs in with two factors (an enabled
 * authenticator app or a passkey), as a column or a condition of that query.
 */
export const twoFactorEnabledSql = sql<boolean>`(${users.totpEnabledAt} is not null or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`.mapWith(Boolean);

/** What of a person's row tells whether they sign in with two factors (the rest is their passkeys). */
export type TwoFactorUser = Pick<UserRow, 'id' | 'totpEnabledAt'>;

/** Whether the person signs in with two factors. */
export async function hasTwoFactor(opts: { db: Database; user: TwoFactorUser }): Promise<boolean> {
  if (opts.user.totpEnabledAt) return true;
  const [passkey] = await opts.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, opts.user.id)).limit(1);
  return Boolean(passkey);
}

/** The person's hubs (not archived) that require two-factor sign-in. */
export async function hubsRequiringTwoFactor(opts: { db: Database; userId: string }): Promise<Array<{ name: string; domain_handle: string }>> {
  return opts.db
    .select({ name: hubs.name, domain_handle: hubs.domainHandle })
    .from(memberships)
    .innerJoin(hubs, eq(hubs.id, memberships.hubId))
    .where(and(eq(memberships.userId, opts.userId), eq(hubs.requireTwoFactor, true), isNull(hubs.archivedAt)))
    .orderBy(memberships.createdAt);
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { passkeys, recoveryCodes, users } from '../../db/schema';

/**
 * After a second factor was removed: when none is left, the recovery codes
 * go too (they stand in for a second factor, never for the only one).
 */
export async function dropRecoveryCodesIfNoFactorLeft(opts: { db: Database; userId: string }): Promise<void> {
  const [user] = await opts.db.select({ totpEnabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, opts.userId));
  if (user?.totpEnabledAt) return;
  const [passkey] = await opts.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, opts.userId)).limit(1);
  if (passkey) return;
  await opts.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, opts.userId));
}

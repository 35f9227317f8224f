import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { passkeys, recoveryCodes } from '../../db/schema';
import type { UserRow } from '../../types';
import type { SecondFactorMethod } from '../../../lib/contract/auth';

/**
 * The second factors a person has set up; empty when they sign in with one
 * factor. Recovery codes are offered only beside a real second factor: on
 * their own they would be a password written on paper.
 */
export async function listSecondFactors(opts: { db: Database; user: UserRow }): Promise<SecondFactorMethod[]> {
  const { db, user } = opts;
  const [[keys], [codes]] = await Promise.all([
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id)),
    db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt))),
  ]);
  const methods: SecondFactorMethod[] = [];
  if (user.totpEnabledAt) methods.push('totp');
  if ((keys?.n ?? 0) > 0) methods.push('passkey');
  if (methods.length > 0 && (codes?.n ?? 0) > 0) methods.push('recovery_code');
  return methods;
}

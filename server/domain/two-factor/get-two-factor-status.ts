import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { passkeys, recoveryCodes } from '../../db/schema';
import type { UserRow } from '../../types';
import type { TwoFactorStatus } from '../../../lib/contract/two-factor';
import { proofRequirementOf } from './assert-fresh-proof';
import { hubsRequiringTwoFactor } from './has-two-factor';
import { presentPasskey } from './present-passkey';

/** The person's second factors, what changing them asks for, and which of their hubs require them. */
export async function getTwoFactorStatus(opts: { db: Database; user: UserRow }): Promise<TwoFactorStatus> {
  const { db, user } = opts;
  const [keys, [codes], proof, requiredBy] = await Promise.all([
    db.select().from(passkeys).where(eq(passkeys.userId, user.id)).orderBy(asc(passkeys.createdAt)),
    db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt))),
    proofRequirementOf({ db, user }),
    hubsRequiringTwoFactor({ db, userId: user.id }),
  ]);
  return {
    enabled: user.totpEnabledAt !== null || keys.length > 0,
    totp: { enabled: user.totpEnabledAt !== null, enabled_at: user.totpEnabledAt?.toISOString() ?? null },
    recovery_codes_left: codes?.n ?? 0,
    passkeys: keys.map(presentPasskey),
    proof,
    required_by: requiredBy,
  };
}

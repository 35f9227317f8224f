import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { recoveryCodes } from '../../db/schema';
import { recoveryCodeField } from '../../../lib/contract/two-factor';
import { recoveryCodeHash } from './issue-recovery-codes';

/**
 * Uses up one of the person's recovery codes: true when `code` was one of
 * them and unused. Marking it used is the check itself (a conditional
 * update), so the same code cannot pass twice, even at the same moment.
 */
export async function spendRecoveryCode(opts: { db: Database; userId: string; code: string }): Promise<boolean> {
  const parsed = recoveryCodeField().safeParse(opts.code);
  if (!parsed.success) return false;
  const [spent] = await opts.db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(
      eq(recoveryCodes.userId, opts.userId),
      eq(recoveryCodes.codeHash, recoveryCodeHash(parsed.data)),
      isNull(recoveryCodes.usedAt),
    ))
    .returning({ id: recoveryCodes.id });
  return Boolean(spent);
}

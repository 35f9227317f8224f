import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { recoveryCodes } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { RECOVERY_CODE_COUNT } from '../../../lib/contract/two-factor';

/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i), for codes people copy off paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** The form codes are hashed in: what recoveryCodeField leaves of what the person typed. */
export const recoveryCodeHash = (normalized: string) => sha256(`recovery:${normalized}`);

function newCode(): string {
  const characters = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${characters.slice(0, 4)}-${characters.slice(4)}`;
}

/**
 * Replaces the person's recovery codes with ten new single-use ones and
 * returns them: the only time they are ever shown, as only hashes are kept.
 */
export async function issueRecoveryCodes(opts: { db: Database; userId: string }): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await opts.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, opts.userId));
  await opts.db.insert(recoveryCodes).values(codes.map((code) => ({ userId: opts.userId, codeHash: recoveryCodeHash(code.replace('-', '')) })));
  return codes;
}

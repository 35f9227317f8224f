import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { verify } from 'otplib';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import type { UserRow } from '../../types';
import { openTotpSecret } from './totp-secret';

const PERIOD_SECONDS = 30;

/**
 * Whether `code` is the person's authenticator code now, or one step (30 s)
 * either side for a clock that drifts. A code is accepted once: the step it
 * belongs to is recorded, and a code of that step or an earlier one is
 * refused afterwards. The record is a conditional update, so two requests
 * racing with the same code cannot both pass.
 */
export async function checkTotpCode(opts: { db: Database; config: Config; user: UserRow; code: string }): Promise<boolean> {
  const secret = openTotpSecret(opts.config, opts.user.totpSecret);
  if (!secret || !/^\d{6}$/.test(opts.code)) return false;
  const result = await verify({ secret, token: opts.code, period: PERIOD_SECONDS, epochTolerance: PERIOD_SECONDS });
  // A TOTP match names its time step (the HOTP shape of the result type has none).
  if (!result.valid || !('timeStep' in result)) return false;
  const [recorded] = await opts.db
    .update(users)
    .set({ totpLastStep: result.timeStep })
    .where(and(
      eq(users.id, opts.user.id),
      or(isNull(users.totpLastStep), lt(users.totpLastStep, result.timeStep)),
    ))
    .returning({ id: users.id });
  return Boolean(recorded);
}

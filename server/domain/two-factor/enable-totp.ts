import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { conflict, fieldError } from '../../lib/errors';
import type { UserRow } from '../../types';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { checkTotpCode } from './check-totp-code';
import { issueRecoveryCodes } from './issue-recovery-codes';
import { errorMessages } from '../../../lib/contract/error-messages';

/**
 * Finishes adding an authenticator app: a current code from it proves the
 * pending secret was scanned. Only then does it count as a second factor,
 * and the person gets their recovery codes (returned, shown once).
 */
export async function enableTotp(opts: { db: Database; config: Config; user: UserRow; code: string; client: ClientInfo }): Promise<string[]> {
  const { db, user } = opts;
  if (user.totpEnabledAt) throw conflict('An authenticator app is already set up.');
  if (!user.totpSecret) throw conflict(errorMessages.totpSetupMissing);
  if (!(await checkTotpCode({ db, config: opts.config, user, code: opts.code }))) {
    throw fieldError('code', errorMessages.totpWrongCode, 'invalid_code');
  }
  return db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(users)
      .set({ totpEnabledAt: new Date() })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt), eq(users.totpSecret, user.totpSecret!)))
      .returning({ id: users.id });
    // Another request finished (or restarted) the set-up in the meantime.
    if (!enabled) throw conflict('The set-up changed meanwhile. Please reload the page and start again.');
    const codes = await issueRecoveryCodes({ db: tx, userId: user.id });
    await recordAuditEvent({ db: tx, type: 'two_factor_enabled', actorId: user.id, subjectId: user.id, data: { method: 'totp' }, client: opts.client });
    return codes;
  });
}

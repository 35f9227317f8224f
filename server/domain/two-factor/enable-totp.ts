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

/**
 * Finishes adding an authenticator app: a current code from it proves the
 * pending secret was scanned. Only then does it count as a second factor,
 * and the person gets their recovery codes (returned, shown once).
 */
export async function enableTotp(opts: { db: Database; config: Config; user: UserRow; code: string; client: ClientInfo }): Promise<string[]> {
  const { db, user } = opts;
  if (user.totpEnabledAt) throw conflict('An authenticator app is already set up.');
  if (!user.totpSecret) throw conflict('Start the set-up again: scan the new QR code, then enter the code it shows.');
  if (!(await checkTotpCode({ db, config: opts.config, user, code: opts.code }))) {
    throw fieldError('code', 'That code is not right. Enter the newest code your app shows, and check the time on your phone is set automatically.', 'invalid_code');
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

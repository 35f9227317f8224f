import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { UserRow } from '../../types';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { dropRecoveryCodesIfNoFactorLeft } from './drop-recovery-codes-if-no-factor-left';

/** Turns the authenticator app off (the caller has checked a fresh proof). */
export async function disableTotp(opts: { db: Database; user: UserRow; client: ClientInfo }): Promise<void> {
  const { user } = opts;
  if (!user.totpEnabledAt) throw conflict('No authenticator app is set up.');
  await opts.db.transaction(async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, user.id));
    await dropRecoveryCodesIfNoFactorLeft({ db: tx, userId: user.id });
    await recordAuditEvent({ db: tx, type: 'two_factor_disabled', actorId: user.id, subjectId: user.id, data: { method: 'totp' }, client: opts.client });
  });
}

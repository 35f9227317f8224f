import type { Database } from '../../db/connect';
import { conflict } from '../../lib/errors';
import type { UserRow } from '../../types';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { hasTwoFactor } from './has-two-factor';
import { issueRecoveryCodes } from './issue-recovery-codes';

/** Replaces the recovery codes (the caller has checked a fresh proof); the old ones stop working at once. */
export async function regenerateRecoveryCodes(opts: { db: Database; user: UserRow; client: ClientInfo }): Promise<string[]> {
  const { db, user } = opts;
  if (!(await hasTwoFactor({ db, user }))) throw conflict('Turn on two-factor sign-in first: recovery codes stand in for a second factor.');
  return db.transaction(async (tx) => {
    const codes = await issueRecoveryCodes({ db: tx, userId: user.id });
    await recordAuditEvent({ db: tx, type: 'recovery_codes_regenerated', actorId: user.id, subjectId: user.id, client: opts.client });
    return codes;
  });
}

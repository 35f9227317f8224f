import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { passkeys } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { UserRow } from '../../types';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { isUuid } from '../spaces/is-uuid';
import { dropRecoveryCodesIfNoFactorLeft } from './drop-recovery-codes-if-no-factor-left';

/** Removes one of the person's passkeys (the caller has checked a fresh proof); it no longer signs in. */
export async function removePasskey(opts: { db: Database; user: UserRow; id: string; client: ClientInfo }): Promise<void> {
  const { user } = opts;
  if (!isUuid(opts.id)) throw notFound('That passkey');
  await opts.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, opts.id), eq(passkeys.userId, user.id)))
      .returning({ id: passkeys.id, name: passkeys.name });
    if (!row) throw notFound('That passkey');
    await dropRecoveryCodesIfNoFactorLeft({ db: tx, userId: user.id });
    await recordAuditEvent({
      db: tx, type: 'passkey_removed', actorId: user.id, subjectId: user.id, client: opts.client,
      data: { passkey: { id: row.id, name: row.name } },
    });
  });
}

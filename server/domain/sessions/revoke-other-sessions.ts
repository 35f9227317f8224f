import type { Database } from '../../db/connect';
import type { RevokedOthers } from '../../../lib/contract/sessions';
import type { AuthContext } from '../../types';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from './create-session';
import { revokeUserSessions } from './revoke-user-sessions';

/** Signs out everywhere else: every live session of the person but the one asking. */
export async function revokeOtherSessions(opts: { db: Database; auth: AuthContext; client: ClientInfo }): Promise<RevokedOthers> {
  const { auth } = opts;
  return opts.db.transaction(async (tx) => {
    const revoked = await revokeUserSessions({ db: tx, userId: auth.user.id, exceptSessionId: auth.session.id });
    if (revoked > 0) {
      await recordAuditEvent({
        db: tx, type: 'session_revoked', actorId: auth.user.id, subjectId: auth.user.id, client: opts.client,
        data: { scope: 'others', count: revoked },
      });
    }
    return { revoked };
  });
}

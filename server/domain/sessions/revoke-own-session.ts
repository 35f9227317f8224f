import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { sessions } from '../../db/schema';
import type { RevokedSession } from '../../../lib/contract/sessions';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../../types';
import { recordAuditEvent } from '../audit/record-audit-event';
import { isUuid } from '../spaces/is-uuid';
import type { ClientInfo } from './create-session';
import { describeUserAgent } from '../../../lib/user-agent';
import { isLiveSession } from './live-session';

/**
 * Signs out one of the person's own live sessions, this one included.
 * Another person's session answers 404, exactly like one that does not exist.
 */
export async function revokeOwnSession(opts: {
  db: Database;
  auth: AuthContext;
  sessionId: string;
  client: ClientInfo;
}): Promise<RevokedSession> {
  const { auth } = opts;
  if (!isUuid(opts.sessionId)) throw notFound('That session');
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, opts.sessionId), eq(sessions.userId, auth.user.id), isLiveSession()))
      .returning();
    if (!row) throw notFound('That session');
    const current = row.id === auth.session.id;
    await recordAuditEvent({
      db: tx, type: 'session_revoked', actorId: auth.user.id, subjectId: auth.user.id, client: opts.client,
      data: { target: { kind: 'session', id: row.id, name: describeUserAgent(row.userAgent).label }, current },
    });
    return { current };
  });
}

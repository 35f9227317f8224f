import type { Database } from '../../db/connect';
import { auditEvents } from '../../db/schema';
import type { AuditEventType } from '../../../lib/contract/audit';
import type { ClientInfo } from '../sessions/create-session';

/**
 * Appends one event to the audit trail. `hubId` is the hub it
 * happened in (null for account events); `actorId` who did it; `subjectId`
 * whose account it concerns. Call it inside the transaction of the change it
 * records, where there is one, so the trail never claims what did not happen.
 */
export async function recordAuditEvent(opts: {
  db: Database;
  type: AuditEventType;
  hubId?: string | null;
  actorId?: string | null;
  subjectId?: string | null;
  data?: Record<string, unknown>;
  client?: ClientInfo;
}): Promise<void> {
  await opts.db.insert(auditEvents).values({
    type: opts.type,
    hubId: opts.hubId ?? null,
    actorId: opts.actorId ?? null,
    subjectId: opts.subjectId ?? null,
    data: opts.data ?? {},
    ip: opts.client?.ip ?? null,
    userAgent: opts.client?.userAgent?.slice(0, 512) ?? null,
  });
}

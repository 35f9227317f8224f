import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connect';
import { auditEvents, users } from '../../db/schema';
import type { AuditEvent, AuditEventType } from '../../../lib/contract/audit';
import type { PageQuery } from '../../../lib/contract/envelope';
import { pageOffset } from '../../lib/envelope';

const actors = alias(users, 'audit_actors');
const subjects = alias(users, 'audit_subjects');

/** Audit events with the people they name; add the filter, order and page. */
export const selectAuditEvents = (db: Database) =>
  db
    .select({
      event: auditEvents,
      actor: { id: actors.id, name: actors.name, email: actors.email },
      subject: { id: subjects.id, name: subjects.name, email: subjects.email },
      // Exact to the microsecond, unlike a JavaScript Date: the export pages on it.
      cursor: sql<string>`${auditEvents.createdAt}::text`,
    })
    .from(auditEvents)
    .leftJoin(actors, eq(actors.id, auditEvents.actorId))
    .leftJoin(subjects, eq(subjects.id, auditEvents.subjectId))
    .$dynamic();

type Person = { id: string; name: string; email: string } | null;
export type AuditEventRow = { event: typeof auditEvents.$inferSelect; actor: Person; subject: Person; cursor: string };

/**
 * An event as the audit log shows it. The trail keeps ids without foreign
 * keys, so a person whose account is gone is still named by id.
 */
export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  const person = (id: string | null, found: Person) =>
    id === null ? null : (found ?? { id, name: 'Deleted account', email: '' });
  return {
    id: row.event.id,
    type: row.event.type as AuditEventType,
    actor: person(row.event.actorId, row.actor),
    subject: person(row.event.subjectId, row.subject),
    data: row.event.data,
    ip: row.event.ip,
    user_agent: row.event.userAgent,
    created_at: row.event.createdAt.toISOString(),
  };
}

/** One page of the events `where` matches, newest first, and how many match in all. */
export async function pageAuditEvents(opts: {
  db: Database;
  where: SQL | undefined;
  page: PageQuery;
}): Promise<{ items: AuditEvent[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    selectAuditEvents(opts.db)
      .where(opts.where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(opts.page.page_size)
      .offset(pageOffset(opts.page)),
    opts.db.select({ n: count() }).from(auditEvents).where(opts.where),
  ]);
  return { items: rows.map(presentAuditEvent), count: total?.n ?? 0 };
}

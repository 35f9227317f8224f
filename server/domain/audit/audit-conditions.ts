import { and, eq, gte, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connect';
import { auditEvents, memberships } from '../../db/schema';
import { accountEventTypes, type auditFilters } from '../../../lib/contract/audit';

export type AuditFilterValues = z.output<typeof auditFilters>;

/**
 * What a hub's owners may read: the hub's own events, and the account events
 * (sign-ins, failures, two-factor changes) of the people who are its members now.
 */
export function hubAuditScope(db: Database, hubId: string): SQL {
  const members = db.select({ id: memberships.userId }).from(memberships).where(eq(memberships.hubId, hubId));
  return or(
    eq(auditEvents.hubId, hubId),
    and(
      isNull(auditEvents.hubId),
      inArray(auditEvents.type, [...accountEventTypes]),
      or(inArray(auditEvents.subjectId, members), inArray(auditEvents.actorId, members)),
    ),
  )!;
}

/** A person's own account events. */
export function accountActivityScope(userId: string): SQL {
  return and(
    isNull(auditEvents.hubId),
    inArray(auditEvents.type, [...accountEventTypes]),
    or(eq(auditEvents.subjectId, userId), eq(auditEvents.actorId, userId)),
  )!;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isPlainDate = (value: string) => /^\d{4}-\d\d-\d\d$/.test(value);
// PostgreSQL has no year 0 and JavaScript writes year 10000 in a form it cannot read: keep bounds inside both.
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);
const clamp = (ms: number) => new Date(Math.min(Math.max(ms, EARLIEST), LATEST));

/** The filters of the audit log as conditions: person (actor or subject), type, and the time range. */
export function auditFilterConditions(filters: AuditFilterValues): SQL[] {
  const conditions: SQL[] = [];
  if (filters.person) conditions.push(or(eq(auditEvents.actorId, filters.person), eq(auditEvents.subjectId, filters.person))!);
  if (filters.type) conditions.push(eq(auditEvents.type, filters.type));
  if (filters.from) conditions.push(gte(auditEvents.createdAt, clamp(Date.parse(filters.from))));
  if (filters.to) {
    // A plain date means that whole day; a time is the exclusive end.
    const end = Date.parse(filters.to) + (isPlainDate(filters.to) ? DAY_MS : 0);
    conditions.push(lt(auditEvents.createdAt, clamp(end)));
  }
  return conditions;
}

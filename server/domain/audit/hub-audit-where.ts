import { and, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import type { SpaceViewer } from '../../policies/spaces';
import { assertKnownPerson } from './assert-known-person';
import { auditFilterConditions, hubAuditScope, type AuditFilterValues } from './audit-conditions';

/**
 * What every read of a hub's audit trail starts with, once its endpoint's
 * view_audit is checked: a person filter must name someone the hub knows
 * (404 otherwise), and the condition selecting the hub's filtered events.
 */
export async function hubAuditWhere(opts: { db: Database; viewer: SpaceViewer; filters: AuditFilterValues }): Promise<SQL | undefined> {
  const { db, viewer, filters } = opts;
  if (filters.person) await assertKnownPerson({ db, hubId: viewer.hubId, userId: filters.person });
  return and(hubAuditScope(db, viewer.hubId), ...auditFilterConditions(filters));
}

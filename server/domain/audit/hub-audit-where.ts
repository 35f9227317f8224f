import { and, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { authorize } from '../../policies/roles';
import type { SpaceViewer } from '../../policies/spaces';
import { assertKnownPerson } from './assert-known-person';
import { auditFilterConditions, hubAuditScope, type AuditFilterValues } from './audit-conditions';

/**
 * What every read of a hub's audit trail starts with: only its owners may
 * (403 for other members), a person filter must name someone the hub knows
 * (404 otherwise), and the condition selecting the hub's filtered events.
 */
export async function hubAuditWhere(opts: { db: Database; viewer: SpaceViewer; filters: AuditFilterValues }): Promise<SQL | undefined> {
  const { db, viewer, filters } = opts;
  authorize(viewer.hubRole, 'manage_roles', 'Only a hub owner can see the audit log.');
  if (filters.person) await assertKnownPerson({ db, hubId: viewer.hubId, userId: filters.person });
  return and(hubAuditScope(db, viewer.hubId), ...auditFilterConditions(filters));
}

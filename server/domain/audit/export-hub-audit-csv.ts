import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { auditEvents } from '../../db/schema';
import { auditCsvHeader, auditCsvLine } from '../../../lib/audit/audit-csv';
import type { SpaceViewer } from '../../policies/spaces';
import type { AuditFilterValues } from './audit-conditions';
import { hubAuditWhere } from './hub-audit-where';
import { redactHiddenSpaces } from './redact-hidden-spaces';
import { presentAuditEvent, selectAuditEvents, type AuditEventRow } from './select-audit-events';

const BATCH_SIZE = 500;

/**
 * The hub's audit trail as CSV, every row the filters match, newest first.
 * The checks run before the answer starts; the rows are read in batches as the caller
 * consumes them, so a long trail streams without being held in memory.
 * Batches continue after the last row seen, so events recorded meanwhile
 * neither repeat nor shift rows out.
 */
export async function exportHubAuditCsv(opts: {
  db: Database;
  viewer: SpaceViewer;
  filters: AuditFilterValues;
}): Promise<AsyncGenerator<string>> {
  const { db, viewer } = opts;
  const where = await hubAuditWhere({ db, viewer, filters: opts.filters });
  return (async function* rows() {
    yield auditCsvHeader;
    let after: { cursor: string; id: string } | null = null;
    for (;;) {
      const position: SQL | undefined = after
        ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${after.cursor}::timestamptz, ${after.id}::uuid)`
        : undefined;
      const batch: AuditEventRow[] = await selectAuditEvents(db)
        .where(and(where, position))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(BATCH_SIZE);
      if (batch.length > 0) {
        const events = await redactHiddenSpaces({ db, viewer, events: batch.map(presentAuditEvent) });
        yield events.map(auditCsvLine).join('');
      }
      const last = batch.at(-1);
      if (!last || batch.length < BATCH_SIZE) return;
      after = { cursor: last.cursor, id: last.event.id };
    }
  })();
}

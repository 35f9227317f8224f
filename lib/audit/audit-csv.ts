import { auditCsvColumns, type AuditEvent } from '../contract/audit';
import { csvLine } from '../csv';
import { auditEventLabels, describeAuditEvent } from './describe-audit-event';

/** The export's first line; the byte-order mark makes spreadsheets read the file as UTF-8. */
export const auditCsvHeader = `\ufeff${csvLine(auditCsvColumns)}`;

/** One event as a line of the hub's audit export, its cells in the order of `auditCsvColumns`. */
export const auditCsvLine = (event: AuditEvent): string =>
  csvLine([
    event.created_at,
    auditEventLabels[event.type],
    describeAuditEvent(event),
    event.actor?.name,
    event.actor?.email,
    event.subject?.name,
    event.subject?.email,
    event.ip,
    event.user_agent,
    JSON.stringify(event.data),
  ]);

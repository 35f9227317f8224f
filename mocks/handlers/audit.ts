import { http, HttpResponse, type HttpHandler } from 'msw';
import { auditCsvHeader, auditCsvLine } from '@/lib/audit/audit-csv';
import { auditEndpoints, auditExportQuery, auditQuery, type AuditFilters } from '@/lib/contract/audit';
import { accountData, newestFirst, presentMockAuditEvent, type MockAuditEvent } from '../account-state';
import type { MockDb, MockHub } from '../state';
import { pathHub } from './hub-admin';
import { answer, api, paged, parse } from './respond';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The hub's audit log and its CSV export over plain data, with the query's
 * filters. Who may read it, and whose account events a hub sees, are the
 * API's rules (server/domain/audit).
 */
export function auditHandlers(db: MockDb): HttpHandler[] {
  function eventsOf(hub: MockHub, filters: AuditFilters): MockAuditEvent[] {
    const from = filters.from ? Date.parse(filters.from) : -Infinity;
    const to = filters.to ? Date.parse(filters.to) + (/^\d{4}-\d\d-\d\d$/.test(filters.to) ? DAY_MS : 0) : Infinity;
    return accountData(db).events
      // Account events (no hub) come with every hub's log here; the API keeps those of its members.
      .filter((e) => e.hubId === hub.id || e.hubId === null)
      .filter((e) => !filters.person || e.actorId === filters.person || e.subjectId === filters.person)
      .filter((e) => !filters.type || e.type === filters.type)
      .filter((e) => Date.parse(e.createdAt) >= from && Date.parse(e.createdAt) < to)
      .sort(newestFirst);
  }

  return [
    answer(auditEndpoints.list, ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const query = parse(auditQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const events = eventsOf(hub.organization, query.data);
      return paged(events.map((e) => presentMockAuditEvent(db, e)), query.data);
    }),

    http.get(api('organizations/:handle/audit/export/'), ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const query = parse(auditExportQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const events = eventsOf(hub.organization, query.data);
      const rows = events.map((e) => auditCsvLine(presentMockAuditEvent(db, e)));
      return new HttpResponse(`${auditCsvHeader}${rows.join('')}`, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="audit-${hub.organization.domainHandle}.csv"`,
        },
      });
    }),
  ];
}

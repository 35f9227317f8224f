import { http, HttpResponse, type HttpHandler } from 'msw';
import { auditEventLabels, describeAuditEvent } from '@/lib/audit/describe-audit-event';
import { accountEventTypes, auditCsvColumns, auditEndpoints, auditExportQuery, auditQuery, type AuditFilters } from '@/lib/contract/audit';
import { csvLine } from '@/lib/csv';
import { accountData, newestFirst, presentMockAuditEvent, type MockAuditEvent } from '../account-state';
import type { MockDb, MockOrganization } from '../state';
import { pathHub } from './hub-admin';
import { answer, api, can, fail, paged, parse } from './respond';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The hub's audit log and its CSV export (owners), filtered like the API. */
export function auditHandlers(db: MockDb): HttpHandler[] {
  /** The hub's events and its members' account events, filtered, newest first; a person the hub does not know is 404. */
  function eventsOf(organization: MockOrganization, filters: AuditFilters): MockAuditEvent[] | Response {
    const members = new Set(db.data.memberships.filter((m) => m.organizationId === organization.id).map((m) => m.userId));
    const involves = (e: MockAuditEvent, id: string) => e.actorId === id || e.subjectId === id;
    const hubEvents = accountData(db).events.filter((e) => e.organizationId === organization.id);
    if (filters.person && !members.has(filters.person) && !hubEvents.some((e) => involves(e, filters.person!))) {
      return fail(404, 'not_found', 'That member was not found.');
    }
    const account = new Set<string>(accountEventTypes);
    const from = filters.from ? Date.parse(filters.from) : -Infinity;
    const to = filters.to ? Date.parse(filters.to) + (/^\d{4}-\d\d-\d\d$/.test(filters.to) ? DAY_MS : 0) : Infinity;
    return accountData(db).events
      .filter((e) => e.organizationId === organization.id
        || (e.organizationId === null && account.has(e.type) && [e.actorId, e.subjectId].some((id) => id && members.has(id))))
      .filter((e) => !filters.person || involves(e, filters.person))
      .filter((e) => !filters.type || e.type === filters.type)
      .filter((e) => Date.parse(e.createdAt) >= from && Date.parse(e.createdAt) < to)
      .sort(newestFirst);
  }

  const ownerHub = (request: Request, handle: unknown) => {
    const hub = pathHub(db, request, handle);
    if (hub.ok && !can(hub.role, 'manage_roles')) return { ok: false as const, response: fail(403, 'forbidden', 'Only a hub owner can see the audit log.') };
    return hub;
  };

  return [
    answer(auditEndpoints.list, ({ request, params }) => {
      const hub = ownerHub(request, params.handle);
      if (!hub.ok) return hub.response;
      const query = parse(auditQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const events = eventsOf(hub.organization, query.data);
      if (events instanceof Response) return events;
      return paged(events.map((e) => presentMockAuditEvent(db, e)), query.data);
    }),

    http.get(api('organizations/:handle/audit/export/'), ({ request, params }) => {
      const hub = ownerHub(request, params.handle);
      if (!hub.ok) return hub.response;
      const query = parse(auditExportQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const events = eventsOf(hub.organization, query.data);
      if (events instanceof Response) return events;
      const rows = events.map((e) => presentMockAuditEvent(db, e)).map((e) => csvLine([
        e.created_at, auditEventLabels[e.type], describeAuditEvent(e), e.actor?.name, e.actor?.email, e.subject?.name, e.subject?.email,
        e.ip, e.user_agent, JSON.stringify(e.data),
      ]));
      return new HttpResponse(`\ufeff${csvLine(auditCsvColumns)}${rows.join('')}`, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="audit-${hub.organization.domainHandle}.csv"`,
        },
      });
    }),
  ];
}

import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { auditEventSchema, auditExportQuery, auditQuery } from '../../../lib/contract/audit';
import { listEnvelope } from '../../../lib/contract/envelope';
import { organizationHandleParams } from '../../../lib/contract/organizations';
import { exportHubAuditCsv } from '../../domain/audit/export-hub-audit-csv';
import { listHubAuditEvents } from '../../domain/audit/list-hub-audit-events';
import { contentDisposition } from '../../domain/files/content-disposition';
import { paged } from '../../lib/envelope';
import { hubOf, type App } from '../../types';
import { errorResponses } from '../auth/responses';
import { viewerOf } from '../spaces/viewer';
import { hubScope } from './members-scope';

const tags = ['audit'];
const security = [{ jwt: [] }];

/** The hub's audit trail (owners): read it page by page, or export it as CSV. */
export default async function auditRoutes(app: App) {
  const { db } = app.deps;
  const onRequest = hubScope(app);

  app.get('/:handle/audit/', {
    onRequest,
    schema: {
      tags, security,
      summary: "The hub's audit trail, newest first (owners): its events and its members' account events, filtered by person, type and dates",
      params: organizationHandleParams,
      querystring: auditQuery,
      response: { 200: listEnvelope(auditEventSchema), ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request) => {
    const { page, page_size, ...filters } = request.query;
    const { items, count } = await listHubAuditEvents({ db, viewer: viewerOf(request), filters, page: { page, page_size } });
    return paged(items, count, request.query);
  });

  app.get('/:handle/audit/export/', {
    onRequest,
    schema: {
      tags, security,
      summary: 'The same filtered audit trail as a CSV file (text/csv), every matching row, newest first (owners)',
      params: organizationHandleParams,
      querystring: auditExportQuery,
      response: errorResponses(400, 401, 403, 404),
    },
  }, async (request, typedReply) => {
    // The typed reply knows the JSON answers only; the CSV goes out as a stream.
    const reply: FastifyReply = typedReply;
    const csv = await exportHubAuditCsv({ db, viewer: viewerOf(request), filters: request.query });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', contentDisposition('attachment', `audit-${hubOf(request).organization.domainHandle}-${day}.csv`))
      .header('Cache-Control', 'no-store')
      .send(Readable.from(csv));
  });
}

import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { auditEndpoints, auditExportQuery } from '../../../lib/contract/audit';
import { hubHandleParams } from '../../../lib/contract/hubs';
import { exportHubAuditCsv } from '../../domain/audit/export-hub-audit-csv';
import { listHubAuditEvents } from '../../domain/audit/list-hub-audit-events';
import { contentDisposition } from '../../domain/files/content-disposition';
import { paged } from '../../lib/envelope';
import { hubOf, type App } from '../../types';
import { errorResponses } from '../auth/responses';
import { route } from '../endpoint-route';
import { requirementCheck } from '../requirement';
import { viewerOf } from '../spaces/viewer';
import { hubScope } from './members-scope';

const tags = ['audit'];
const security = [{ jwt: [] }];

/** The hub's audit trail (owners): read it page by page, or export it as CSV. */
export default async function auditRoutes(app: App) {
  const { db } = app.deps;
  // What auditEndpoints.list declares, for the hand-made export beside it.
  const onRequest = [...hubScope(app), requirementCheck(app, auditEndpoints.list.requires)];

  route(app, auditEndpoints.list, async (request) => {
    const { page, page_size, ...filters } = request.query;
    const { items, count } = await listHubAuditEvents({ db, viewer: viewerOf(request), filters, page: { page, page_size } });
    return paged(items, count, request.query);
  });

  // A CSV stream, not a JSON answer: registered by hand, outside the contract's endpoint table.
  app.get('/:handle/audit/export/', {
    onRequest,
    schema: {
      tags, security,
      summary: 'The same filtered audit trail as a CSV file (text/csv), every matching row, newest first (owners)',
      params: hubHandleParams,
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

import type { Database } from '../../db/connect';
import type { AuditEvent } from '../../../lib/contract/audit';
import type { PageQuery } from '../../../lib/contract/envelope';
import type { SpaceViewer } from '../../policies/spaces';
import type { AuditFilterValues } from './audit-conditions';
import { hubAuditWhere } from './hub-audit-where';
import { redactHiddenSpaces } from './redact-hidden-spaces';
import { pageAuditEvents } from './select-audit-events';

/** One page of the viewer's hub's audit trail (owners only), newest first, filtered. */
export async function listHubAuditEvents(opts: {
  db: Database;
  viewer: SpaceViewer;
  filters: AuditFilterValues;
  page: PageQuery;
}): Promise<{ items: AuditEvent[]; count: number }> {
  const { db, viewer } = opts;
  const where = await hubAuditWhere({ db, viewer, filters: opts.filters });
  const { items, count } = await pageAuditEvents({ db, where, page: opts.page });
  return { items: await redactHiddenSpaces({ db, viewer, events: items }), count };
}

import type { Database } from '../../db/connect';
import type { AuditEvent } from '../../../lib/contract/audit';
import type { PageQuery } from '../../../lib/contract/envelope';
import { accountActivityScope } from './audit-conditions';
import { pageAuditEvents } from './select-audit-events';

/** One page of a person's own account events (sign-ins, failures, password and two-factor changes), newest first. */
export async function listAccountActivity(opts: {
  db: Database;
  userId: string;
  page: PageQuery;
}): Promise<{ items: AuditEvent[]; count: number }> {
  return pageAuditEvents({ db: opts.db, where: accountActivityScope(opts.userId), page: opts.page });
}

import { and, count, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitationSends } from '../../db/schema';
import { INVITATION_SEND_WINDOW_MINUTES } from '../../../lib/contract/invitations';

/** Emails sent per invitation within the resend window. */
export async function countRecentSends(opts: { db: Database; invitationIds: string[] }): Promise<Map<string, number>> {
  if (opts.invitationIds.length === 0) return new Map();
  const since = new Date(Date.now() - INVITATION_SEND_WINDOW_MINUTES * 60_000);
  const rows = await opts.db
    .select({ id: invitationSends.invitationId, n: count() })
    .from(invitationSends)
    .where(and(inArray(invitationSends.invitationId, opts.invitationIds), gt(invitationSends.createdAt, since)))
    .groupBy(invitationSends.invitationId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

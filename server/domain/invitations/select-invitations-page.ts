import { count, desc, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations, users } from '../../db/schema';
import type { PageQuery } from '../../../lib/contract/envelope';
import type { Invitation } from '../../../lib/contract/invitations';
import type { InvitationCaller } from '../../../lib/policies/abilities';
import { pageOffset } from '../../lib/envelope';
import { invitationColumns, inviterJoin, presentInvitation } from './present-invitation';

/** One page of the invitations matching `where` (already scoped by the caller), newest first, with the total. */
export async function selectInvitationsPage(opts: {
  db: Database;
  where: SQL;
  page: PageQuery;
  caller: InvitationCaller;
}): Promise<{ items: Invitation[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    opts.db
      .select(invitationColumns)
      .from(invitations)
      .leftJoin(users, inviterJoin)
      .where(opts.where)
      .orderBy(desc(invitations.createdAt), invitations.id)
      .limit(opts.page.page_size)
      .offset(pageOffset(opts.page)),
    opts.db.select({ n: count() }).from(invitations).where(opts.where),
  ]);
  return { items: rows.map((row) => presentInvitation(row, opts.caller)), count: total?.n ?? 0 };
}

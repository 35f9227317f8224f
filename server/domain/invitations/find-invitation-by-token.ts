import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations, hubs, spaces } from '../../db/schema';
import { errorMessages } from '../../../lib/contract/error-messages';
import { AppError } from '../../lib/errors';
import { invitationTokenHash } from './invitation-token';
import { isAcceptableInvitation } from './pending-invitation';

/** One answer for unknown, tampered, expired, used and cancelled links: the holder learns nothing more. */
const invalidInvitation = () => new AppError(404, 'not_found', errorMessages.invalidInvitationLink);

/**
 * The pending invitation an emailed link carries, with its (not archived)
 * hub and, for a space invitation, its space; locked when `lock` is set.
 */
export async function findInvitationByToken(opts: { db: Database; token: string; lock?: boolean }) {
  const tokenHash = invitationTokenHash(opts.token);
  if (!tokenHash) throw invalidInvitation();
  const query = opts.db
    .select({ invitation: invitations, organization: hubs, space: spaces })
    .from(invitations)
    .innerJoin(hubs, eq(hubs.id, invitations.hubId))
    .leftJoin(spaces, eq(spaces.id, invitations.spaceId))
    .where(and(eq(invitations.tokenHash, tokenHash), isAcceptableInvitation(), isNull(hubs.archivedAt)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update', { of: invitations }) : await query;
  if (!row) throw invalidInvitation();
  return row;
}

import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations, organizations, spaces } from '../../db/schema';
import { errorMessages } from '../../../lib/contract/error-messages';
import { AppError } from '../../lib/errors';
import { invitationTokenHash } from './invitation-token';
import { isAcceptableInvitation } from './pending-invitation';

/** One answer for unknown, tampered, expired, used and cancelled links: the holder learns nothing more. */
export const invalidInvitation = () => new AppError(404, 'not_found', errorMessages.invalidInvitationLink);

/**
 * The pending invitation an emailed link carries, with its (not archived)
 * hub and, for a space invitation, its space; locked when `lock` is set.
 */
export async function findInvitationByToken(opts: { db: Database; token: string; lock?: boolean }) {
  const tokenHash = invitationTokenHash(opts.token);
  if (!tokenHash) throw invalidInvitation();
  const query = opts.db
    .select({ invitation: invitations, organization: organizations, space: spaces })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(spaces, eq(spaces.id, invitations.spaceId))
    .where(and(eq(invitations.tokenHash, tokenHash), isAcceptableInvitation(), isNull(organizations.archivedAt)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update', { of: invitations }) : await query;
  if (!row) throw invalidInvitation();
  return row;
}

import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaceMemberships } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * A space always keeps an owner: refuses (422, last_owner) when `userId` is
 * its only one. Callers hold the space row lock, so two owners cannot both
 * step down at once.
 */
export async function assertOwnerRemains(opts: { db: Database; spaceId: string; userId: string; message: string }): Promise<void> {
  const [others] = await opts.db
    .select({ n: count() })
    .from(spaceMemberships)
    .where(and(
      eq(spaceMemberships.spaceId, opts.spaceId),
      eq(spaceMemberships.role, 'owner'),
      ne(spaceMemberships.userId, opts.userId),
    ));
  if (!others?.n) throw new AppError(422, 'last_owner', opts.message);
}

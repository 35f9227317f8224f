import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { loginFailures } from '../../db/schema';
import { LOGIN_FAILURE_WINDOW_MS } from '../../../lib/constants';

/**
 * Counts one failed password check for an email. Failures that have left the
 * lockout window no longer matter, so they are pruned here to keep the table small.
 */
export async function recordLoginFailure(opts: { db: Database; email: string }): Promise<void> {
  const now = new Date();
  await opts.db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, opts.email), lte(loginFailures.createdAt, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS))));
  await opts.db.insert(loginFailures).values({ email: opts.email, createdAt: now });
}

import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import { failureReasons } from '../../processing/processing-failure';

/** Attempts an item gets before it is marked failed. */
const MAX_ATTEMPTS = 3;

/**
 * Items left 'processing' longer than `staleAfterMs` belong to a node that
 * died (or stalled) mid-job: they go back to the queue, or, after
 * MAX_ATTEMPTS, are marked failed, since a file that keeps taking its node
 * down must not do so forever. Uses the database's clock, like the claim.
 */
export async function recoverStaleContents(opts: { db: Database; staleAfterMs: number }): Promise<{ requeued: number; failed: number }> {
  const stale = and(
    eq(contents.status, 'processing'),
    lt(contents.processingStartedAt, sql`now() - (${opts.staleAfterMs / 1000}::double precision * interval '1 second')`),
  );
  const failed = await opts.db
    .update(contents)
    .set({ status: 'failed', failureReason: failureReasons.keptFailing, processingStartedAt: null, updatedAt: sql`now()` })
    .where(and(stale, gte(contents.attempts, MAX_ATTEMPTS)))
    .returning({ id: contents.id });
  const requeued = await opts.db
    .update(contents)
    .set({ status: 'queued', processingStartedAt: null, updatedAt: sql`now()` })
    .where(and(stale, lt(contents.attempts, MAX_ATTEMPTS)))
    .returning({ id: contents.id });
  return { requeued: requeued.length, failed: failed.length };
}

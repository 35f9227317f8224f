import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';

/** The fields a processing job needs, and which attempt it is (its claim on the item). */
const claimedFields = {
  id: contents.id,
  hubId: contents.hubId,
  kind: contents.kind,
  name: contents.name,
  extension: contents.extension,
  storageKey: contents.storageKey,
  attempts: contents.attempts,
};

export interface ClaimedContent {
  id: string;
  hubId: string;
  kind: (typeof contents.$inferSelect)['kind'];
  name: string;
  extension: string | null;
  storageKey: string | null;
  attempts: number;
}

/**
 * Takes the oldest queued item (of at most `maxBytes`, when given) and marks it processing, in one statement.
 * SKIP LOCKED lets several nodes claim at once without waiting on or taking
 * the same item. The subquery is compared with `=`, which runs it once; with
 * `IN` the planner may rescan it per row and claim every queued item at once.
 * Returns null when nothing is queued.
 */
export async function claimNextContent(db: Database, opts: { maxBytes?: number } = {}): Promise<ClaimedContent | null> {
  const oldestQueued = db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.status, 'queued'), opts.maxBytes === undefined ? undefined : lte(contents.sizeBytes, opts.maxBytes)))
    .orderBy(asc(contents.createdAt), asc(contents.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(contents)
    .set({
      status: 'processing',
      processingStartedAt: sql`now()`,
      attempts: sql`${contents.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(contents.status, 'queued'), eq(contents.id, sql`(${oldestQueued})`)))
    .returning(claimedFields);
  return claimed ?? null;
}

/**
 * The item as this job claimed it: still processing, and still this attempt.
 * Once another node has taken it back (after a stall), this job's late
 * results are not written over its work.
 */
export function stillClaimed(item: ClaimedContent) {
  return and(
    eq(contents.hubId, item.hubId),
    eq(contents.id, item.id),
    eq(contents.status, 'processing'),
    eq(contents.attempts, item.attempts),
  );
}

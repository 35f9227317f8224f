import { and, asc, eq, gt, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contentPassages, contents } from '../../db/schema';
import { savePassages } from './save-passages';

/** Items looked up per query. */
const BATCH = 100;

/**
 * Cuts passages for ready items that have a body but none, such as items
 * processed before passages existed (their stored body, without locations).
 * Idempotent and safe on several nodes at once: each item is locked and
 * checked again before it is filled, so a newer save is never overwritten.
 * Walks items in id order, so an item whose body yields no passage is
 * looked at once per run. Stops early when `stopped()` says so.
 */
export async function fillMissingPassages(opts: { db: Database; stopped?: () => boolean }): Promise<number> {
  const { db } = opts;
  const missing = notExists(db.select({ one: sql`1` }).from(contentPassages).where(eq(contentPassages.contentId, contents.id)));
  const wanted = and(eq(contents.status, 'ready'), isNotNull(contents.body), missing);
  let filled = 0;
  let after: string | null = null;
  while (!opts.stopped?.()) {
    const batch: Array<{ id: string }> = await db
      .select({ id: contents.id })
      .from(contents)
      .where(after === null ? wanted : and(wanted, gt(contents.id, after)))
      .orderBy(asc(contents.id))
      .limit(BATCH);
    for (const { id } of batch) {
      if (opts.stopped?.()) break;
      await db.transaction(async (tx) => {
        const [item] = await tx
          .select({ hubId: contents.hubId, body: contents.body })
          .from(contents)
          .where(and(eq(contents.id, id), wanted))
          .for('update');
        if (item) filled += (await savePassages({ db: tx, hubId: item.hubId, contentId: id, body: item.body })) > 0 ? 1 : 0;
      });
    }
    if (batch.length < BATCH) break;
    after = batch.at(-1)!.id;
  }
  return filled;
}

import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import { stillClaimed, type ClaimedContent } from './claim-next-content';

/** Marks the item failed with a reason its owner can act on. */
export async function failContent(opts: { db: Database; item: ClaimedContent; reason: string }): Promise<void> {
  await opts.db
    .update(contents)
    .set({ status: 'failed', failureReason: opts.reason, processingStartedAt: null, updatedAt: sql`now()` })
    .where(stillClaimed(opts.item));
}

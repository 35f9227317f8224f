import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import { stillClaimed, type ClaimedContent } from './claim-next-content';

/** Puts the item back in the queue without counting the attempt: the server is stopping, the file did nothing wrong. */
export async function requeueContent(opts: { db: Database; item: ClaimedContent }): Promise<void> {
  await opts.db
    .update(contents)
    .set({ status: 'queued', attempts: sql`${contents.attempts} - 1`, processingStartedAt: null, updatedAt: sql`now()` })
    .where(stillClaimed(opts.item));
}

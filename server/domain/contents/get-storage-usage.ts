import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { hubStorage } from '../../db/schema';

/**
 * Bytes the hub's files take, counted against its plan: every stored
 * original, whatever its status or space. Kept by the database as items are
 * written (organization_storage); a hub that never had an item has no row.
 */
export async function getStorageUsage(opts: { db: Database; hubId: string }): Promise<number> {
  const [row] = await opts.db
    .select({ bytes: hubStorage.bytes })
    .from(hubStorage)
    .where(eq(hubStorage.hubId, opts.hubId));
  return row?.bytes ?? 0;
}

import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';

/** Bytes the hub's files take, counted against its plan: every stored original, whatever its status or space. */
export async function getStorageUsage(opts: { db: Database; organizationId: string }): Promise<number> {
  const [row] = await opts.db
    // sum() of a bigint is a numeric, which the drivers hand back as a string.
    .select({ bytes: sql<string>`coalesce(sum(${contents.sizeBytes}), 0)` })
    .from(contents)
    .where(eq(contents.organizationId, opts.organizationId));
  return Number(row?.bytes ?? 0);
}

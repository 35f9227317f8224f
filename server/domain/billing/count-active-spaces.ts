import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaces } from '../../db/schema';

/** Spaces that count against the plan: every space of the hub that is not archived. */
export async function countActiveSpaces(opts: { db: Database; hubId: string }): Promise<number> {
  const [row] = await opts.db
    .select({ n: count() })
    .from(spaces)
    .where(and(eq(spaces.hubId, opts.hubId), isNull(spaces.archivedAt)));
  return row?.n ?? 0;
}

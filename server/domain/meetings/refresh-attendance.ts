import { and, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { meetingAttendance } from '../../db/schema';

/**
 * A node's heartbeat in the database: its open stays are still going on.
 * Stays whose node stopped refreshing them are closed at the last time
 * they were seen; the meetings they were in are answered, as they may have
 * just emptied.
 */
export async function refreshAttendance(opts: { db: Database; node: string; goneAfterMs: number }): Promise<string[]> {
  const { db } = opts;
  await db
    .update(meetingAttendance)
    .set({ seenAt: sql`now()` })
    .where(and(eq(meetingAttendance.node, opts.node), isNull(meetingAttendance.leftAt)));
  const closed = await db
    .update(meetingAttendance)
    .set({ leftAt: sql`${meetingAttendance.seenAt}` })
    .where(and(
      isNull(meetingAttendance.leftAt),
      lte(meetingAttendance.seenAt, sql`now() - make_interval(secs => ${opts.goneAfterMs / 1000})`),
      // This node is alive: it refreshed its own just now.
      ne(meetingAttendance.node, opts.node),
    ))
    .returning({ meetingId: meetingAttendance.meetingId });
  return [...new Set(closed.map((row) => row.meetingId))];
}

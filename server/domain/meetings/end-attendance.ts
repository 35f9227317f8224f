import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { meetingAttendance } from '../../db/schema';

/** Closes a participant's stay (their peer id names it); a stay closed already keeps its time. */
export async function endAttendance(opts: { db: Database; hubId: string; peerId: string }): Promise<void> {
  await opts.db
    .update(meetingAttendance)
    .set({ leftAt: new Date() })
    .where(and(eq(meetingAttendance.hubId, opts.hubId), eq(meetingAttendance.peerId, opts.peerId), isNull(meetingAttendance.leftAt)));
}

import { and, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { meetingAttendance } from '../../db/schema';

/**
 * Stays going on now: not left, and refreshed lately by their node. A node
 * refreshes its rows every presence interval, so rows of a node that died
 * stop counting once `goneAfterMs` passes.
 */
export const openAttendanceCondition = (goneAfterMs: number): SQL =>
  and(isNull(meetingAttendance.leftAt), gt(meetingAttendance.seenAt, sql`now() - make_interval(secs => ${goneAfterMs / 1000})`))!;

import type { Database } from '../../db/connect';
import { meetingAttendance } from '../../db/schema';

/** Records that a participant entered a meeting through this node: an open row until they leave. */
export async function startAttendance(opts: {
  db: Database;
  hubId: string;
  meetingId: string;
  userId: string;
  peerId: string;
  node: string;
}): Promise<void> {
  const { db, ...row } = opts;
  await db.insert(meetingAttendance).values(row);
}

import type { Database } from '../db/connect';
import { refreshAttendance } from '../domain/meetings/refresh-attendance';
import { summarizeMeeting } from '../domain/meetings/summarize-meeting';
import type { SignallingService } from './signalling-service';

interface Logger {
  warn(obj: object, message: string): void;
}

/**
 * Keeps this node's meeting attendance current in the database, where every
 * node reads who is in which meeting: every presence interval its open stays
 * are refreshed, and stays of nodes gone quiet are closed (which may end a
 * meeting, and save its summary). A node serving no meeting stays quiet: the
 * lists already leave out stays gone quiet, and a busy node closes them.
 * Answers the function that stops it.
 */
export function startAttendanceHeartbeat(opts: { db: Database; service: SignallingService; logger: Logger }): () => void {
  const { db, service, logger } = opts;
  const { goneAfterMs } = service;
  const beat = async () => {
    const emptied = await refreshAttendance({ db, node: service.node, goneAfterMs });
    for (const meetingId of emptied) await summarizeMeeting({ db, meetingId, goneAfterMs });
  };
  const timer = setInterval(() => {
    if (!service.serving()) return;
    beat().catch((err: unknown) => logger.warn({ err }, 'refreshing meeting attendance failed'));
  }, service.presenceIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

// libvips must stay loaded for the whole process: loaded first by a worker
// thread, it would be unloaded when that thread ends while others use it.
import 'sharp';
import { setTimeout as sleep } from 'node:timers/promises';
import { fillMissingPassages } from '../passages/fill-missing-passages';
import { reindexPendingTables } from '../records/save-records';
import { processingJobDuration } from '../../ops/metrics';
import type { ProcessingQueue } from '../../types';
import { claimNextContent, type ClaimedContent } from './claim-next-content';
import { processContent, type ProcessingDeps } from './process-content';
import { recoverStaleContents } from './recover-stale-contents';
import { createProcessingThreads } from '../../processing/run-processing-worker';

export interface ContentProcessing extends ProcessingQueue {
  /**
   * Stops taking work, gives running jobs `graceMs` (none by default) to
   * finish, then stops the rest (their items go back to the queue) and waits for them.
   */
  stop(opts?: { graceMs?: number }): Promise<void>;
}

const POLL_MS = 1_000;
/** How soon a changed record table is found by the hub's search. */
const REINDEX_EVERY_MS = 1_000;
/** At most; with a shorter processingStaleAfterMs, twice per that time, so a crash delays an item by at most 1.5 times it. */
const RECOVER_EVERY_MS = 60_000;
/** Files up to this size may also take the lane kept for small files. */
const SMALL_FILE_BYTES = 1024 * 1024;

/**
 * Processes queued uploads in the background: up to processingConcurrency
 * jobs at once, each in a worker thread (kept from job to job), plus one
 * lane only small files take, so a note is ready in a moment even while a
 * long video or a thick PDF is being read. Work is found at once whenever
 * notify() says something was queued, and by polling the database every
 * second, so any number of nodes can share one queue. On start, and every minute,
 * items a dead node left half-done are put back. Also on start, items
 * saved before passages existed get theirs, in the background.
 */
export function startContentProcessing(deps: ProcessingDeps): ContentProcessing {
  const { db, config, logger } = deps;
  // A thread per lane: processingConcurrency for any file, one for small files.
  const threads = createProcessingThreads({
    timeoutMs: config.processingTimeoutMs, memoryMb: config.processingMemoryMb, maxThreads: config.processingConcurrency + 1,
  });
  const running = new Map<string, { abort: AbortController; done: Promise<void>; smallLane: boolean }>();
  let stopped = false;
  let filling: Promise<void> | null = null;
  let wanted = false;

  const run = (item: ClaimedContent, smallLane: boolean) => {
    logger.info({ contentId: item.id, attempt: item.attempts }, 'processing content');
    const abort = new AbortController();
    const endTimer = processingJobDuration.startTimer();
    const done = processContent({ ...deps, threads, item, signal: abort.signal })
      .catch((error: unknown) => logger.error({ err: error, contentId: item.id }, 'content processing failed'))
      .finally(() => {
        endTimer();
        running.delete(item.id);
        fill();
      });
    running.set(item.id, { abort, done, smallLane });
  };

  /** Which lane has room: any item, only a small one, or none. */
  const roomFor = (): 'any' | 'small' | null => {
    const jobs = [...running.values()];
    if (jobs.filter((job) => !job.smallLane).length < config.processingConcurrency) return 'any';
    return jobs.some((job) => job.smallLane) ? null : 'small';
  };

  /** Claims items while there is room, and again while more work was announced meanwhile. */
  async function claimWhileRoom() {
    while (wanted && !stopped) {
      wanted = false;
      for (let room = roomFor(); room && !stopped; room = roomFor()) {
        const item = await claimNextContent(db, room === 'small' ? { maxBytes: SMALL_FILE_BYTES } : {}).catch((error: unknown) => {
          logger.warn({ err: error }, 'could not look for queued content');
          return null;
        });
        if (!item) break;
        run(item, room === 'small');
      }
    }
  }

  function fill() {
    if (stopped) return;
    wanted = true;
    if (filling) return;
    filling = claimWhileRoom().finally(() => {
      filling = null;
      // Announced after the last look but before this ran: look again.
      if (wanted) fill();
    });
  }

  const recover = () =>
    recoverStaleContents({ db, staleAfterMs: config.processingStaleAfterMs })
      .then(({ requeued, failed }) => {
        if (requeued + failed > 0) logger.info({ requeued, failed }, 'recovered content left processing by a stopped node');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'could not recover stale content'));

  const started = recover().then(fill);
  const backfilled = fillMissingPassages({ db, stopped: () => stopped })
    .then((filled) => {
      if (filled > 0) logger.info({ filled }, 'cut passages for items saved before passages existed');
    })
    .catch((error: unknown) => logger.warn({ err: error }, 'could not cut passages for older items'));
  // Record tables whose records changed get their search text rebuilt here, shortly after, never twice at once.
  let reindexing: Promise<void> = Promise.resolve();
  const reindex = () => {
    reindexing = reindexing
      .then(() => reindexPendingTables({ db }))
      .then((rebuilt) => {
        if (rebuilt > 0) logger.info({ rebuilt }, 're-indexed record tables');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'could not re-index record tables'));
  };
  const reindexTimer = setInterval(() => {
    if (!stopped) reindex();
  }, REINDEX_EVERY_MS);
  reindexTimer.unref();
  const poll = setInterval(fill, POLL_MS);
  const recovery = setInterval(() => void recover().then(fill), Math.min(RECOVER_EVERY_MS, config.processingStaleAfterMs / 2));
  poll.unref();
  recovery.unref();

  return {
    notify: fill,
    async stop({ graceMs = 0 } = {}) {
      stopped = true;
      clearInterval(poll);
      clearInterval(recovery);
      clearInterval(reindexTimer);
      await reindexing;
      await started;
      await backfilled;
      await filling;
      if (graceMs > 0 && running.size > 0) {
        const graceOver = new AbortController();
        await Promise.race([
          Promise.all([...running.values()].map((job) => job.done)),
          sleep(graceMs, undefined, { signal: graceOver.signal }),
        ]);
        // Ends the timer when the jobs finished first.
        graceOver.abort();
      }
      for (const job of running.values()) job.abort.abort();
      await Promise.all([...running.values()].map((job) => job.done));
      await threads.close();
    },
  };
}

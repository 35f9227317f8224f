import { Worker } from 'node:worker_threads';
import { failureReasons } from './processing-failure';
import type { ImportFileRead } from './read-import-file';
import type { ExtractedContent, ImportInput, ProcessingInput, WorkerJob, WorkerReply } from './processing-result';

export type WorkerOutcome<T = ExtractedContent> = WorkerReply<T> | { ok: false; aborted: true };

export interface ProcessingThreads {
  /**
   * Reads one file in a worker thread with a heap limit and a time limit
   * (counted from the moment the file is handed over). It always settles:
   * with the worker's reply, with a plain reason when the worker ran out of
   * time or memory or crashed, or as aborted (the server is stopping).
   */
  run(input: ProcessingInput, signal: AbortSignal): Promise<WorkerOutcome>;
  /** The same for a file sent for import into a record table. */
  readImport(input: ImportInput, signal: AbortSignal): Promise<WorkerOutcome<ImportFileRead>>;
  /** Ends the idle threads; call once no job runs any more. */
  close(): Promise<void>;
}

const WORKER_URL = new URL('./processing-worker.mjs', import.meta.url);
/** Jobs one thread takes before it is replaced, so what parsers leave behind never piles up. */
const JOBS_PER_THREAD = 100;
/** A thread with nothing to do this long ends, giving its memory back. */
const IDLE_MS = 5 * 60_000;

interface Thread {
  worker: Worker;
  jobs: number;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Worker threads reused from job to job: a small file is read in
 * milliseconds by a thread already running, where starting one takes a
 * second or more. A thread is thrown away (never reused) after a job that
 * did not end well: out of time or memory, crashed, aborted, or a file it
 * could not read, whose parser may have been left in any state. While
 * fewer than `maxThreads` are alive, taking the last idle one starts a
 * spare, so the next job at once finds a thread ready. No more than
 * `maxThreads` are ever alive: further jobs wait their turn, so files sent
 * all at once cannot multiply the memory the threads may take.
 */
export function createProcessingThreads(limits: { timeoutMs: number; memoryMb: number; maxThreads: number }): ProcessingThreads {
  const idle: Thread[] = [];
  const alive = new Set<Thread>();
  /** Jobs waiting for a thread, oldest first. */
  const waiting: Array<(thread: Thread) => void> = [];

  const start = (): Thread => {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
      // Parsers print warnings about damaged files; they are not the server's log.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    const thread: Thread = { worker, jobs: 0 };
    alive.add(thread);
    // Between jobs nobody else listens: a thread that fails then just leaves the pool.
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      alive.delete(thread);
      clearTimeout(thread.idleTimer);
      const at = idle.indexOf(thread);
      if (at >= 0) idle.splice(at, 1);
      // A thrown-away thread makes room for a job that waits.
      if (waiting.length > 0 && alive.size < limits.maxThreads) waiting.shift()?.(start());
    });
    return thread;
  };

  /** Gives a thread to the job that has waited longest, or keeps it for the next. */
  const release = (thread: Thread) => {
    const next = waiting.shift();
    if (next) return next(thread);
    thread.idleTimer = setTimeout(() => void thread.worker.terminate(), IDLE_MS);
    thread.idleTimer.unref();
    idle.push(thread);
  };

  /** A thread for a job: an idle one, a new one while there is room, else the next one free; null if aborted first. */
  const take = (signal: AbortSignal): Promise<Thread | null> => {
    const ready = idle.pop() ?? (alive.size < limits.maxThreads ? start() : undefined);
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve) => {
      const handOver = (thread: Thread) => {
        signal.removeEventListener('abort', onAbort);
        resolve(thread);
      };
      const onAbort = () => {
        waiting.splice(waiting.indexOf(handOver), 1);
        resolve(null);
      };
      signal.addEventListener('abort', onAbort);
      waiting.push(handOver);
    });
  };

  function execute<T>(thread: Thread, job: WorkerJob, signal: AbortSignal): Promise<WorkerOutcome<T>> {
    return new Promise((resolve) => {
      clearTimeout(thread.idleTimer);
      if (idle.length === 0 && alive.size < limits.maxThreads) release(start());
      const { worker } = thread;
      thread.jobs += 1;

      let settled = false;
      const settle = (outcome: WorkerOutcome<T>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (outcome.ok && thread.jobs < JOBS_PER_THREAD) release(thread);
        else worker.terminate().catch(() => undefined);
        resolve(outcome);
      };
      const onAbort = () => settle({ ok: false, aborted: true });
      const onMessage = (reply: WorkerReply<T>) => settle(reply);
      const onError = (error: Error & { code?: string }) =>
        settle({ ok: false, reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? failureReasons.memory : failureReasons.crashed });
      const onExit = () => settle({ ok: false, reason: failureReasons.crashed });
      const timer = setTimeout(() => settle({ ok: false, reason: failureReasons.timeout }), limits.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      if (signal.aborted) onAbort();
      else {
        signal.addEventListener('abort', onAbort);
        worker.postMessage(job);
      }
    });
  }

  async function runJob<T>(job: WorkerJob, signal: AbortSignal): Promise<WorkerOutcome<T>> {
    const thread = await take(signal);
    return thread ? execute<T>(thread, job, signal) : { ok: false, aborted: true };
  }

  return {
    run: (input, signal) => runJob<ExtractedContent>({ task: 'extract', input }, signal),
    readImport: (input, signal) => runJob<ImportFileRead>({ task: 'import', input }, signal),
    async close() {
      const threads = idle.splice(0);
      for (const thread of threads) clearTimeout(thread.idleTimer);
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}

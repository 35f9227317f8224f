import { Worker } from 'node:worker_threads';
import { failureReasons } from './processing-failure';
import type { ProcessingInput, WorkerReply } from './processing-result';

export type WorkerOutcome = WorkerReply | { ok: false; aborted: true };

const WORKER_URL = new URL('./processing-worker.mjs', import.meta.url);

/**
 * Reads one file in a worker thread with a heap limit and a time limit. It
 * always settles: with the worker's reply, with a plain reason when the
 * worker ran out of time or memory or crashed, or as aborted (the server is
 * stopping). The worker is gone by then.
 */
export function runProcessingWorker(
  input: ProcessingInput,
  limits: { timeoutMs: number; memoryMb: number; signal: AbortSignal },
): Promise<WorkerOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_URL, {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
      // Parsers print warnings about damaged files; they are not the server's log.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();

    let settled = false;
    const settle = (outcome: WorkerOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      limits.signal.removeEventListener('abort', onAbort);
      worker.terminate().catch(() => undefined);
      resolve(outcome);
    };
    const onAbort = () => settle({ ok: false, aborted: true });
    const timer = setTimeout(() => settle({ ok: false, reason: failureReasons.timeout }), limits.timeoutMs);
    if (limits.signal.aborted) onAbort();
    else limits.signal.addEventListener('abort', onAbort);

    worker.once('message', (reply: WorkerReply) => settle(reply));
    worker.once('error', (error: Error & { code?: string }) =>
      settle({ ok: false, reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? failureReasons.memory : failureReasons.crashed }),
    );
    worker.once('exit', () => settle({ ok: false, reason: failureReasons.crashed }));
  });
}

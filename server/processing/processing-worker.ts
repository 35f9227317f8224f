import { parentPort, workerData } from 'node:worker_threads';
import { extractContent } from './extract-content';
import { ProcessingFailure, failureReasons } from './processing-failure';
import type { ProcessingInput, WorkerReply } from './processing-result';

/*
 * One processing job, in its own thread: whatever a hostile file does to a
 * parser (loop, exhaust memory, crash) ends with this thread, never the server.
 */
async function reply(input: ProcessingInput): Promise<WorkerReply> {
  try {
    return { ok: true, content: await extractContent(input) };
  } catch (error) {
    return { ok: false, reason: error instanceof ProcessingFailure ? error.message : failureReasons.unreadable };
  }
}

parentPort?.postMessage(await reply(workerData as ProcessingInput));

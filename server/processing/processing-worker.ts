import { parentPort } from 'node:worker_threads';
import { extractContent } from './extract-content';
import { ProcessingFailure, failureReasons } from './processing-failure';
import type { ProcessingInput, WorkerReply } from './processing-result';

/*
 * A processing thread: reads the files it is sent, one at a time, and
 * answers each. Whatever a hostile file does to a parser (loop, exhaust
 * memory, crash) ends with this thread, never the server. The thread is
 * kept between jobs, since starting one (and its TypeScript loader) costs
 * far more than reading a small file.
 */
async function reply(input: ProcessingInput): Promise<WorkerReply> {
  try {
    return { ok: true, content: await extractContent(input) };
  } catch (error) {
    return { ok: false, reason: error instanceof ProcessingFailure ? error.message : failureReasons.unreadable };
  }
}

parentPort?.on('message', (input: ProcessingInput) => {
  void reply(input).then((answer) => parentPort?.postMessage(answer));
});

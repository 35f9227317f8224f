import { parentPort } from 'node:worker_threads';
import { extractContent } from './extract-content';
import { ProcessingFailure, failureReasons } from './processing-failure';
import type { WorkerJob, WorkerReply, WorkerTasks } from './processing-result';

/*
 * A processing thread: reads the files it is sent, one at a time, and
 * answers each. Whatever a hostile file does to a parser (loop, exhaust
 * memory, crash) ends with this thread, never the server. The thread is
 * kept between jobs, since starting one (and its TypeScript loader) costs
 * far more than reading a small file. Besides uploads, it reads the files
 * sent for import into a record table.
 */
async function perform(job: WorkerJob): Promise<WorkerTasks[WorkerJob['task']]['output']> {
  if (job.task === 'import') {
    const { readImportFile } = await import('./read-import-file');
    return readImportFile(job.input);
  }
  return extractContent(job.input);
}

async function reply(job: WorkerJob): Promise<WorkerReply<unknown>> {
  try {
    return { ok: true, content: await perform(job) };
  } catch (error) {
    return { ok: false, reason: error instanceof ProcessingFailure ? error.message : failureReasons.unreadable };
  }
}

parentPort?.on('message', (job: WorkerJob) => {
  void reply(job).then((answer) => parentPort?.postMessage(answer));
});

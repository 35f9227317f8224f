import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { createProcessingThreads } from '../../processing/run-processing-worker';
import type { ImportFileRead } from '../../processing/read-import-file';

/** Files read for import at once per process; more wait their turn, so a burst of files cannot take the memory of many threads. */
const IMPORT_READ_THREADS = 2;

/** Reads the files sent for import, each in a processing thread (readImportFile), never on the event loop. */
export interface ImportReader {
  /** The file's rows as an import keeps them; 422 with why when it cannot be read, or has too many rows or columns. */
  read(filePath: string, extension: string): Promise<ImportFileRead>;
  /** Stops reading (files being read are answered 503) and ends the threads. */
  close(): Promise<void>;
}

/**
 * Import files are read on threads of their own, with the time and memory
 * limits of processing jobs, so an import is read even where this process
 * does no processing (PROCESSING=off), and a hostile file ends its thread,
 * never the server.
 */
export function createImportReader(config: Pick<Config, 'processingTimeoutMs' | 'processingMemoryMb'>): ImportReader {
  const threads = createProcessingThreads({ timeoutMs: config.processingTimeoutMs, memoryMb: config.processingMemoryMb, maxThreads: IMPORT_READ_THREADS });
  const stopping = new AbortController();
  return {
    async read(filePath, extension) {
      const outcome = await threads.readImport({ filePath, extension }, stopping.signal);
      if (outcome.ok) return outcome.content;
      if ('aborted' in outcome) throw new AppError(503, 'overloaded', 'The server is restarting. Please try again in a moment.');
      throw new AppError(422, 'validation_error', outcome.reason);
    },
    async close() {
      stopping.abort();
      await threads.close();
    },
  };
}

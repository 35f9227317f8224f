import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Storage } from '../../storage/storage';
import { extensionOf } from '../../../lib/contract/contents';
import type { ClaimedContent } from './claim-next-content';
import { failContent } from './fail-content';
import { failureReasons } from '../../processing/processing-failure';
import { requeueContent } from './requeue-content';
import type { ProcessingThreads } from '../../processing/run-processing-worker';
import { saveExtractedContent } from './save-extracted-content';

export type ProcessingLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface ProcessingDeps {
  db: Database;
  storage: Storage;
  config: Pick<Config, 'processingConcurrency' | 'processingTimeoutMs' | 'processingMemoryMb' | 'processingStaleAfterMs'>;
  logger: ProcessingLogger;
}

/** A path to the stored file for the worker: the store's own when it is on this machine, else a temporary copy. */
async function localFile(storage: Storage, key: string): Promise<{ path: string; release: () => Promise<void> } | null> {
  if (!(await storage.stat(key))) return null;
  const local = storage.localPath(key);
  if (local) return { path: local, release: async () => undefined };
  const source = await storage.read(key);
  if (!source) return null;
  const dir = await mkdtemp(path.join(tmpdir(), 'convene-processing-'));
  const release = () => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(source, createWriteStream(path.join(dir, 'original'), { mode: 0o600 }));
  } catch (error) {
    await release();
    throw error;
  }
  return { path: path.join(dir, 'original'), release };
}

/**
 * One claimed item, start to end: its file is read in a worker thread, and the
 * results saved (ready) or the reason recorded (failed). When the server
 * stops mid-job (`signal`), the item goes back to the queue.
 */
export async function processContent(
  deps: ProcessingDeps & { threads: ProcessingThreads; item: ClaimedContent; signal: AbortSignal },
): Promise<void> {
  const { db, storage, logger, threads, item, signal } = deps;
  const file = item.storageKey ? await localFile(storage, item.storageKey) : null;
  if (!file) {
    await failContent({ db, item, reason: failureReasons.missing });
    return;
  }
  try {
    const outcome = await threads.run(
      { filePath: file.path, kind: item.kind, extension: item.extension?.toLowerCase() ?? extensionOf(item.name) },
      signal,
    );
    if (!outcome.ok) {
      if ('aborted' in outcome) await requeueContent({ db, item });
      else await failContent({ db, item, reason: outcome.reason });
      return;
    }
    try {
      await saveExtractedContent({ db, storage, item, content: outcome.content });
    } catch (error) {
      logger.error({ err: error, contentId: item.id }, 'saving processed content failed');
      await failContent({ db, item, reason: failureReasons.saving });
    }
  } finally {
    await file.release();
  }
}

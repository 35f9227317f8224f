import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, type ByteRange, type ObjectInfo, type Storage, type StoredObject } from './storage';

/** Sources arrive in pieces of 16 to 64 KiB; each write to disk is a trip through the thread pool, so pieces are gathered first. */
const WRITE_BATCH_BYTES = 1024 * 1024;
/**
 * Written since the last flush began: past this, the next flush starts in the
 * background, so the disk takes the file while it is still arriving and the
 * flush before the rename has only the last few megabytes left to do.
 */
const WRITE_BACK_BYTES = 16 * WRITE_BATCH_BYTES;

/** Writes every byte of `chunks` at the file's current end (a write may take only part of what it is given). */
async function writeAll(file: FileHandle, chunks: Buffer[]): Promise<void> {
  let rest = chunks;
  while (rest.length > 0) {
    const { bytesWritten } = await file.writev(rest);
    let skip = bytesWritten;
    const left: Buffer[] = [];
    for (const chunk of rest) {
      if (skip >= chunk.length) skip -= chunk.length;
      else {
        left.push(skip > 0 ? chunk.subarray(skip) : chunk);
        skip = 0;
      }
    }
    rest = left;
  }
}

/** One operation on the file at a time, run without waiting for it; its failure is seen where it is awaited, never as unhandled. */
class BackgroundTask {
  running = false;
  private current: Promise<void> = Promise.resolve();

  start(work: () => Promise<void>): void {
    this.running = true;
    this.current = work().finally(() => { this.running = false; });
    this.current.catch(() => undefined);
  }

  /** Settles once the operation under way, if any, has. */
  done(): Promise<void> {
    return this.current;
  }
}

/**
 * Copies `source` into `file` in batches of at least WRITE_BATCH_BYTES, one
 * batch on its way to disk while the next is gathered, so the source is read
 * at the pace of the disk and at most two batches are held (held longer, its
 * pieces would outlive the young generation and load the collector); every
 * WRITE_BACK_BYTES, a flush of what is written starts meanwhile.
 */
async function copyInBatches(source: Readable, file: FileHandle): Promise<number> {
  let size = 0;
  const writes = new BackgroundTask();
  const flushes = new BackgroundTask();
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let unflushedBytes = 0;
  try {
    for await (const chunk of source) {
      const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      batch.push(piece);
      batchBytes += piece.length;
      size += piece.length;
      if (batchBytes < WRITE_BATCH_BYTES) continue;
      await writes.done();
      if (unflushedBytes >= WRITE_BACK_BYTES && !flushes.running) {
        flushes.start(() => file.datasync());
        unflushedBytes = 0;
      }
      const full = batch;
      writes.start(() => writeAll(file, full));
      unflushedBytes += batchBytes;
      batch = [];
      batchBytes = 0;
    }
    await writes.done();
    if (batch.length > 0) await writeAll(file, batch);
  } finally {
    // Whatever happened to the source, nothing may still be running on the file when the caller closes it.
    await Promise.allSettled([writes.done(), flushes.done()]);
  }
  // A failed flush is reported here: after it, the final one could succeed without the lost pages on disk.
  await flushes.done();
  return size;
}

/**
 * Files on local disk: `<root>/objects/<first two characters>/<key>`. Writes
 * go to `<root>/tmp/` first, are flushed to disk, then renamed into place, so
 * an object is either complete or absent even if the process dies mid-write.
 * Leftovers in tmp/ are removed when the store opens.
 */
export async function createLocalDiskStorage(root: string): Promise<Storage> {
  const objectsDir = path.join(root, 'objects');
  const tmpDir = path.join(root, 'tmp');
  await rm(tmpDir, { recursive: true, force: true });
  await mkdir(tmpDir, { recursive: true });
  await mkdir(objectsDir, { recursive: true });

  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(objectsDir, key.slice(0, 2), key);
  };

  return {
    async write(key: string, source: Readable): Promise<StoredObject> {
      const finalPath = pathOf(key);
      const tmpPath = path.join(tmpDir, `${randomUUID()}.part`);
      // Opened before the pipeline starts: a write stream opens its file asynchronously, so when the
      // source failed first the file could appear after the clean-up below and stay in tmp/ for good.
      const file = await open(tmpPath, 'wx', 0o600);
      try {
        const size = await copyInBatches(source, file);
        await file.sync();
        await file.close();
        // Each step is a trip through the thread pool: the shard's folder is made only the first time it is missing.
        await rename(tmpPath, finalPath).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
          await mkdir(path.dirname(finalPath), { recursive: true });
          await rename(tmpPath, finalPath);
        });
        return { key, size };
      } catch (error) {
        source.destroy();
        await file.close().catch(() => undefined);
        await rm(tmpPath, { force: true });
        throw error;
      }
    },

    async read(key: string, range?: ByteRange): Promise<Readable | null> {
      const filePath = pathOf(key);
      try {
        await stat(filePath);
      } catch {
        return null;
      }
      return createReadStream(filePath, range ? { start: range.start, end: range.end } : undefined);
    },

    async stat(key: string): Promise<ObjectInfo | null> {
      try {
        return { key, size: (await stat(pathOf(key))).size };
      } catch {
        return null;
      }
    },

    async delete(key: string): Promise<void> {
      await rm(pathOf(key), { force: true });
    },

    localPath: (key: string) => pathOf(key),

    async *list(): AsyncIterable<ObjectInfo> {
      for (const shard of await readdir(objectsDir)) {
        const shardDir = path.join(objectsDir, shard);
        for (const name of await readdir(shardDir).catch(() => [] as string[])) {
          const info = await stat(path.join(shardDir, name)).catch(() => null);
          if (info?.isFile()) yield { key: name, size: info.size, modifiedAt: info.mtime };
        }
      }
    },
  };
}

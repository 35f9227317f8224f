import { createHash } from 'node:crypto';
import { appendFile, readFile } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './storage';

export interface MoveReport {
  copied: number;
  /** Objects a previous run already copied and verified (named in the journal). */
  skipped: number;
  bytes: number;
}

async function sha256Of(storage: Storage, key: string): Promise<string | null> {
  const stream = await storage.read(key);
  if (!stream) return null;
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function journalKeys(journal: string): Promise<Set<string>> {
  const text = await readFile(journal, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return new Set(text.split('\n').filter(Boolean));
}

/**
 * Copies every object of one store into another (local disk to an S3 bucket
 * or back), streaming, and checks each: the copy is read back and its
 * sha256 must equal the original's, else the copy is deleted and the move
 * stops. Each verified key is appended to `journal`, so a move that was
 * interrupted goes on where it stopped. The source is left as it was.
 */
export async function moveObjects(opts: {
  from: Storage;
  to: Storage;
  journal: string;
  onObject?: (key: string, size: number) => void;
}): Promise<MoveReport> {
  const done = await journalKeys(opts.journal);
  const report: MoveReport = { copied: 0, skipped: 0, bytes: 0 };
  for await (const object of opts.from.list()) {
    if (done.has(object.key)) {
      report.skipped += 1;
      continue;
    }
    const source = await opts.from.read(object.key);
    // Deleted since it was listed (a person removed the item meanwhile): nothing to move.
    if (!source) continue;
    const hash = createHash('sha256');
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        hash.update(chunk);
        next(null, chunk);
      },
    });
    const [stored] = await Promise.all([opts.to.write(object.key, tee), pipeline(source, tee)]);
    const expected = hash.digest('hex');
    const copied = await sha256Of(opts.to, object.key);
    if (copied !== expected) {
      await opts.to.delete(object.key);
      throw new Error(`The copy of ${object.key} does not match the original (sha256 ${copied ?? 'missing'} instead of ${expected}); nothing was kept of it.`);
    }
    await appendFile(opts.journal, `${object.key}\n`);
    report.copied += 1;
    report.bytes += stored.size;
    opts.onObject?.(object.key, stored.size);
  }
  return report;
}

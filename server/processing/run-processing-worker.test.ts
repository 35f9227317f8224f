import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureReasons } from './processing-failure';
import { createProcessingThreads } from './run-processing-worker';

/**
 * The id the next worker thread of this process gets (ids count up, and each
 * test file has a process of its own): the difference between two readings,
 * less one, counts the threads started between them. A processing thread
 * starts a helper of its own (its TypeScript loader), so tests compare counts.
 */
async function nextThreadId(): Promise<number> {
  const probe = new Worker('', { eval: true });
  const id = probe.threadId;
  await probe.terminate();
  return id;
}

describe('processing threads', { timeout: 120_000 }, () => {
  let folder: string;
  const file = async (name: string, text: string) => {
    const filePath = path.join(folder, name);
    await writeFile(filePath, text);
    return filePath;
  };
  beforeAll(async () => { folder = await mkdtemp(path.join(tmpdir(), 'processing-threads-')); });
  afterAll(async () => { await rm(folder, { recursive: true, force: true }); });

  it('reads one file after another in one thread, and replaces a thread after a file it could not read', async () => {
    const threads = createProcessingThreads({ timeoutMs: 60_000, memoryMb: 256, maxThreads: 1 });
    const signal = new AbortController().signal;
    try {
      const first = await nextThreadId();
      for (const name of ['one.md', 'two.md', 'three.md']) {
        const outcome = await threads.run({ filePath: await file(name, `# ${name}\n\nA short note.`), kind: 'document', extension: 'md' }, signal);
        expect(outcome).toMatchObject({ ok: true, content: { body: `# ${name}\n\nA short note.` } });
      }
      const second = await nextThreadId();
      const oneThread = second - first - 1;
      expect(oneThread).toBeGreaterThan(0);

      const damaged = await threads.run({ filePath: await file('damaged.pdf', '%PDF-1.7\nnot really a pdf'), kind: 'document', extension: 'pdf' }, signal);
      expect(damaged).toMatchObject({ ok: false, reason: 'This PDF could not be read: it may be damaged or password-protected.' });
      // The damaged file was read in the kept thread, which then went: the next file starts a fresh one.
      expect(await threads.run({ filePath: await file('after.md', 'Still read.'), kind: 'document', extension: 'md' }, signal)).toMatchObject({ ok: true });
      expect(await nextThreadId() - second - 1).toBe(oneThread);
    } finally {
      await threads.close();
    }
  });

  it('stops a job past its time limit, and answers an aborted job as aborted', async () => {
    const threads = createProcessingThreads({ timeoutMs: 1, memoryMb: 256, maxThreads: 1 });
    try {
      const input = { filePath: await file('late.md', 'Too late.'), kind: 'document' as const, extension: 'md' };
      expect(await threads.run(input, new AbortController().signal)).toEqual({ ok: false, reason: failureReasons.timeout });
      const abort = new AbortController();
      abort.abort();
      expect(await threads.run(input, abort.signal)).toEqual({ ok: false, aborted: true });
    } finally {
      await threads.close();
    }
  });
});

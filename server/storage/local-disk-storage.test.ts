import { mkdtemp, open, readdir, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage';
import type { Storage } from './storage';
import { describeStorage, failingAfter, from, KEY, MiB } from './storage-suite';

describeStorage('local disk', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'convene-storage-'));
  return { storage: await createLocalDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
});

// What only a store on this machine's disk does: files under its root, a tmp/ folder, flushes.
let root: string;
let storage: Storage;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'convene-storage-'));
  storage = await createLocalDiskStorage(root);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
});

const tmpFiles = () => readdir(path.join(root, 'tmp'));

/** What every open file is made of, to watch the storage's writes and flushes. */
async function fileHandlePrototype(): Promise<FileHandle> {
  const handle = await open(path.join(root, 'probe'), 'w');
  await handle.close();
  await rm(path.join(root, 'probe'));
  return Object.getPrototypeOf(handle) as FileHandle;
}

describe('local disk storage', () => {
  it('keeps objects under its root, sharded by the key’s first characters', async () => {
    await storage.write(KEY, from('hello'));
    expect(storage.localPath(KEY)).toBe(path.join(root, 'objects', KEY.slice(0, 2), KEY));
  });

  it('leaves nothing in tmp/ after a write, finished or failed', async () => {
    await expect(storage.write(KEY, failingAfter('partial bytes'))).rejects.toThrow('client went away');
    expect(await tmpFiles()).toEqual([]);
    await storage.write(KEY, from('the original'));
    expect(await tmpFiles()).toEqual([]);
  });

  it('writes into tmp/ until the write has finished', async () => {
    const source = new PassThrough();
    const writing = storage.write(KEY, source);
    source.write('first half, ');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await tmpFiles()).toHaveLength(1);
    source.end('second half');
    await writing;
    expect(await tmpFiles()).toEqual([]);
  });

  it('flushes a large file to disk while it is still arriving, and stores it whole', async () => {
    const datasync = vi.spyOn(await fileHandlePrototype(), 'datasync');
    const source = new PassThrough();
    const writing = storage.write(KEY, source);
    const data = Buffer.alloc(40 * MiB, 7);
    for (let offset = 0; offset < 30 * MiB; offset += 64 * 1024) source.write(data.subarray(offset, offset + 64 * 1024));
    await vi.waitFor(() => expect(datasync).toHaveBeenCalled(), { timeout: 5000 });
    expect(await storage.stat(KEY)).toBeNull();
    source.end(data.subarray(30 * MiB));
    expect(await writing).toEqual({ key: KEY, size: data.length });
    expect((await buffer((await storage.read(KEY))!)).equals(data)).toBe(true);
  });

  it('keeps nothing of a write whose flush during the copy fails', async () => {
    vi.spyOn(await fileHandlePrototype(), 'datasync').mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
    const pieces = Array.from({ length: 24 }, () => Buffer.alloc(MiB, 1));
    await expect(storage.write(KEY, Readable.from(pieces))).rejects.toThrow('EIO');
    expect(await storage.stat(KEY)).toBeNull();
    expect(await tmpFiles()).toEqual([]);
  });

  it('clears unfinished writes left in tmp/ when it opens', async () => {
    await writeFile(path.join(root, 'tmp', 'left-by-a-crash.part'), 'half a file');
    await createLocalDiskStorage(root);
    expect(await tmpFiles()).toEqual([]);
  });

  it('touches nothing on disk for a refused key', async () => {
    await expect(storage.write('../escape', from('x'))).rejects.toThrow('invalid storage key');
    expect(await readdir(root)).toEqual(['objects', 'tmp']);
  });
});

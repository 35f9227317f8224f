import { mkdtemp, open, readdir, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage';
import type { Storage } from './storage';

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

const KEY = '3f2a9c1e-0b7d-4e8a-9f00-1234567890ab';
const from = (...chunks: Array<string | Buffer>) => Readable.from(chunks.map((c) => Buffer.from(c)));
const tmpFiles = () => readdir(path.join(root, 'tmp'));

async function listed() {
  const all = [];
  for await (const object of storage.list()) all.push(object);
  return all.sort((a, b) => a.key.localeCompare(b.key));
}

async function readAll(key: string, range?: { start: number; end: number }) {
  const stream = await storage.read(key, range);
  return stream ? (await buffer(stream)).toString() : null;
}

/** A source that delivers `first`, then fails. */
function failingAfter(first: string) {
  const source = new PassThrough();
  source.write(first);
  setTimeout(() => source.destroy(new Error('client went away')), 20);
  return source;
}

const MiB = 1024 * 1024;

/** What every open file is made of, to watch the storage's writes and flushes. */
async function fileHandlePrototype(): Promise<FileHandle> {
  const handle = await open(path.join(root, 'probe'), 'w');
  await handle.close();
  await rm(path.join(root, 'probe'));
  return Object.getPrototypeOf(handle) as FileHandle;
}

describe('local disk storage', () => {
  it('writes, reads, stats, lists and deletes an object', async () => {
    expect(await storage.write(KEY, from('hello ', 'world'))).toEqual({ key: KEY, size: 11 });
    expect(await readAll(KEY)).toBe('hello world');
    expect(await storage.stat(KEY)).toEqual({ key: KEY, size: 11 });
    await storage.write(`${KEY}.thumb.webp`, from('thumb'));
    expect(await listed()).toEqual([{ key: KEY, size: 11 }, { key: `${KEY}.thumb.webp`, size: 5 }]);
    expect(storage.localPath(KEY)).toBe(path.join(root, 'objects', KEY.slice(0, 2), KEY));

    await storage.delete(KEY);
    expect(await storage.read(KEY)).toBeNull();
    expect(await storage.stat(KEY)).toBeNull();
    expect(await listed()).toEqual([{ key: `${KEY}.thumb.webp`, size: 5 }]);
    // Deleting what is not there is not an error.
    await expect(storage.delete(KEY)).resolves.toBeUndefined();
    expect(await tmpFiles()).toEqual([]);
  });

  it('reads inclusive byte ranges', async () => {
    await storage.write(KEY, from('0123456789'));
    expect(await readAll(KEY, { start: 0, end: 0 })).toBe('0');
    expect(await readAll(KEY, { start: 2, end: 5 })).toBe('2345');
    expect(await readAll(KEY, { start: 7, end: 9 })).toBe('789');
    expect(await readAll('0000-missing', { start: 0, end: 1 })).toBeNull();
  });

  it('keeps nothing of a write whose source fails, and leaves an earlier object under the key untouched', async () => {
    await expect(storage.write(KEY, failingAfter('partial bytes'))).rejects.toThrow('client went away');
    expect(await storage.stat(KEY)).toBeNull();
    expect(await listed()).toEqual([]);
    expect(await tmpFiles()).toEqual([]);

    await storage.write(KEY, from('the original'));
    await expect(storage.write(KEY, failingAfter('a replacement that never finishes'))).rejects.toThrow();
    expect(await readAll(KEY)).toBe('the original');
    expect(await tmpFiles()).toEqual([]);
  });

  it('shows an object only once its write has finished', async () => {
    const source = new PassThrough();
    const writing = storage.write(KEY, source);
    source.write('first half, ');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await storage.stat(KEY)).toBeNull();
    expect(await storage.read(KEY)).toBeNull();
    expect(await listed()).toEqual([]);
    expect(await tmpFiles()).toHaveLength(1);
    source.end('second half');
    await writing;
    expect(await readAll(KEY)).toBe('first half, second half');
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

  it('never mixes two writes to the same key: one of them wins whole', async () => {
    const a = 'a'.repeat(256 * 1024);
    const b = 'b'.repeat(256 * 1024);
    await Promise.all([storage.write(KEY, from(a.slice(0, 1000), a.slice(1000))), storage.write(KEY, from(b))]);
    expect([a, b]).toContain(await readAll(KEY));
  });

  it('clears unfinished writes left in tmp/ when it opens', async () => {
    await writeFile(path.join(root, 'tmp', 'left-by-a-crash.part'), 'half a file');
    await createLocalDiskStorage(root);
    expect(await tmpFiles()).toEqual([]);
  });

  it.each([
    '', '../escape', '..', 'a/b', 'a\\b', '/etc/passwd', 'UPPER', '.hidden', 'x..y', 'trailing.', 'sp ace', 'nul\u0000', 'é',
    'a'.repeat(201),
  ])('refuses the key %j for every operation', async (key) => {
    await expect(storage.write(key, from('x'))).rejects.toThrow('invalid storage key');
    await expect(storage.read(key)).rejects.toThrow('invalid storage key');
    await expect(storage.stat(key)).resolves.toBeNull();
    await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
    expect(() => storage.localPath(key)).toThrow('invalid storage key');
    expect(await readdir(root)).toEqual(['objects', 'tmp']);
    expect(await listed()).toEqual([]);
  });
});

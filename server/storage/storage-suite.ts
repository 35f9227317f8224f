import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from './storage';

/*
 * What every store must do, run against each of them (local disk, an
 * S3-compatible service): the storage interface's promises, as tests.
 */

export const KEY = '3f2a9c1e-0b7d-4e8a-9f00-1234567890ab';
export const MiB = 1024 * 1024;
export const from = (...chunks: Array<string | Buffer>) => Readable.from(chunks.map((c) => Buffer.from(c)));

/** A source that delivers `first`, then fails. */
export function failingAfter(first: string) {
  const source = new PassThrough();
  source.write(first);
  setTimeout(() => source.destroy(new Error('client went away')), 20);
  return source;
}

/** What the store lists, by key, without the write times (which differ from store to store). */
export async function listed(storage: Storage) {
  const all = [];
  for await (const { key, size } of storage.list()) all.push({ key, size });
  return all.sort((a, b) => a.key.localeCompare(b.key));
}

export async function readAll(storage: Storage, key: string, range?: { start: number; end: number }) {
  const stream = await storage.read(key, range);
  return stream ? (await buffer(stream)).toString() : null;
}

export interface OpenedStore {
  storage: Storage;
  close(): Promise<void>;
}

export function describeStorage(name: string, open: () => Promise<OpenedStore>) {
  describe(`${name}: the storage interface`, () => {
    let opened: OpenedStore;
    let storage: Storage;
    beforeEach(async () => {
      opened = await open();
      storage = opened.storage;
    });
    afterEach(async () => opened.close());

    it('writes, reads, stats, lists and deletes an object', async () => {
      expect(await storage.write(KEY, from('hello ', 'world'))).toEqual({ key: KEY, size: 11 });
      expect(await readAll(storage, KEY)).toBe('hello world');
      expect(await storage.stat(KEY)).toEqual({ key: KEY, size: 11 });
      await storage.write(`${KEY}.thumb.webp`, from('thumb'));
      expect(await listed(storage)).toEqual([{ key: KEY, size: 11 }, { key: `${KEY}.thumb.webp`, size: 5 }]);
      // Listing says when each was written: reconciling leaves another node's newest files alone.
      for await (const object of storage.list()) expect(Math.abs(Date.now() - (object.modifiedAt?.getTime() ?? 0))).toBeLessThan(60_000);

      await storage.delete(KEY);
      expect(await storage.read(KEY)).toBeNull();
      expect(await storage.stat(KEY)).toBeNull();
      expect(await listed(storage)).toEqual([{ key: `${KEY}.thumb.webp`, size: 5 }]);
      // Deleting what is not there is not an error.
      await expect(storage.delete(KEY)).resolves.toBeUndefined();
    });

    it('reads inclusive byte ranges', async () => {
      await storage.write(KEY, from('0123456789'));
      expect(await readAll(storage, KEY, { start: 0, end: 0 })).toBe('0');
      expect(await readAll(storage, KEY, { start: 2, end: 5 })).toBe('2345');
      expect(await readAll(storage, KEY, { start: 7, end: 9 })).toBe('789');
      expect(await readAll(storage, '0000-missing', { start: 0, end: 1 })).toBeNull();
    });

    it('keeps nothing of a write whose source fails, and leaves an earlier object under the key untouched', async () => {
      await expect(storage.write(KEY, failingAfter('partial bytes'))).rejects.toThrow();
      expect(await storage.stat(KEY)).toBeNull();
      expect(await listed(storage)).toEqual([]);

      await storage.write(KEY, from('the original'));
      await expect(storage.write(KEY, failingAfter('a replacement that never finishes'))).rejects.toThrow();
      expect(await readAll(storage, KEY)).toBe('the original');
    });

    it('shows an object only once its write has finished', async () => {
      const source = new PassThrough();
      const writing = storage.write(KEY, source);
      source.write('first half, ');
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(await storage.stat(KEY)).toBeNull();
      expect(await storage.read(KEY)).toBeNull();
      expect(await listed(storage)).toEqual([]);
      source.end('second half');
      await writing;
      expect(await readAll(storage, KEY)).toBe('first half, second half');
    });

    it('stores a large file arriving in small pieces whole, and reads a range inside it', async () => {
      const data = Buffer.alloc(40 * MiB);
      for (let i = 0; i < data.length; i += 4096) data.writeUInt32BE(i, i);
      const pieces = function* () {
        for (let offset = 0; offset < data.length; offset += 64 * 1024) yield data.subarray(offset, offset + 64 * 1024);
      };
      expect(await storage.write(KEY, Readable.from(pieces()))).toEqual({ key: KEY, size: data.length });
      expect((await buffer((await storage.read(KEY))!)).equals(data)).toBe(true);
      const start = 17 * MiB + 5;
      expect((await buffer((await storage.read(KEY, { start, end: start + 99 }))!)).equals(data.subarray(start, start + 100))).toBe(true);
    });

    it('never mixes two writes to the same key: one of them wins whole', async () => {
      const a = 'a'.repeat(256 * 1024);
      const b = 'b'.repeat(256 * 1024);
      await Promise.all([storage.write(KEY, from(a.slice(0, 1000), a.slice(1000))), storage.write(KEY, from(b))]);
      expect([a, b]).toContain(await readAll(storage, KEY));
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
      expect(await listed(storage)).toEqual([]);
    });
  });
}

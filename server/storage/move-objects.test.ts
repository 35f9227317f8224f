import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage';
import { moveObjects } from './move-objects';
import type { Storage } from './storage';
import { from, listed, readAll } from './storage-suite';

let dir: string;
let source: Storage;
let target: Storage;
let journal: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'convene-move-'));
  source = await createLocalDiskStorage(path.join(dir, 'a'));
  target = await createLocalDiskStorage(path.join(dir, 'b'));
  journal = path.join(dir, 'journal');
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const keys = ['0a-one', '0b-two', '0c-three.thumb.webp'];

describe('moving files between stores', () => {
  it('copies every object, verified, and a second run copies nothing again', async () => {
    for (const key of keys) await source.write(key, from(`body of ${key}`));
    expect(await moveObjects({ from: source, to: target, journal })).toEqual({ copied: 3, skipped: 0, bytes: 55 });
    expect(await listed(target)).toEqual(await listed(source));
    for (const key of keys) expect(await readAll(target, key)).toBe(`body of ${key}`);
    expect((await readFile(journal, 'utf8')).trim().split('\n').sort()).toEqual(keys);
    expect(await moveObjects({ from: source, to: target, journal })).toEqual({ copied: 0, skipped: 3, bytes: 0 });
  });

  it('goes on where an interrupted move stopped', async () => {
    for (const key of keys) await source.write(key, from(`body of ${key}`));
    let seen = 0;
    await expect(moveObjects({
      from: source, to: target, journal,
      onObject: () => {
        seen += 1;
        if (seen === 2) throw new Error('the machine went down');
      },
    })).rejects.toThrow('the machine went down');
    expect(await moveObjects({ from: source, to: target, journal })).toMatchObject({ copied: 1, skipped: 2 });
    expect(await listed(target)).toEqual(await listed(source));
  });

  it('refuses a copy whose sha256 differs from the original and keeps nothing of it', async () => {
    await source.write('0a-one', from('the original bytes'));
    // A store that damages what it is given, as a faulty disk or a broken proxy would.
    const damaging: Storage = {
      ...target,
      write: (key, stream) => target.write(key, stream.pipe(new Transform({
        transform(chunk: Buffer, _encoding, next) {
          next(null, Buffer.from(chunk.toString().replace('original', 'ORIGINAL')));
        },
      }))),
    };
    const expected = createHash('sha256').update('the original bytes').digest('hex');
    await expect(moveObjects({ from: source, to: damaging, journal })).rejects.toThrow(expected);
    expect(await listed(target)).toEqual([]);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BackgroundSha256 } from './background-hash';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Feeds `data` in pieces of `piece` bytes, waiting whenever the hash asks to. */
async function hashInPieces(data: Buffer, piece: number): Promise<string> {
  const hash = new BackgroundSha256();
  for (let offset = 0; offset < data.length; offset += piece) {
    hash.update(data.subarray(offset, offset + piece));
    if (hash.backlogged) await hash.caughtUp();
  }
  return hash.digest();
}

describe('a SHA-256 computed on the hashing thread', () => {
  it('equals the one computed here, whatever the pieces and however many hashes run at once', async () => {
    const large = randomBytes(20 * 1024 * 1024 + 7);
    const small = randomBytes(1000);
    const results = await Promise.all([
      hashInPieces(large, 64 * 1024),
      hashInPieces(large, 3 * 1024 * 1024 + 1),
      hashInPieces(small, 13),
      hashInPieces(Buffer.alloc(0), 1),
    ]);
    expect(results).toEqual([sha256(large), sha256(large), sha256(small), sha256(Buffer.alloc(0))]);
  });

  it('keeps hashing correctly after an unfinished hash is discarded', async () => {
    const dropped = new BackgroundSha256();
    dropped.update(randomBytes(3 * 1024 * 1024));
    dropped.discard();
    const data = randomBytes(2 * 1024 * 1024 + 5);
    expect(await hashInPieces(data, 100_000)).toBe(sha256(data));
  });
});

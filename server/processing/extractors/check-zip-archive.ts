import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { ProcessingFailure } from '../processing-failure';

const MB = 1024 * 1024;
/** Limits for zip-based files (docx, xlsx, pptx, epub): far beyond real documents, far below a decompression bomb. */
const ZIP_LIMITS = {
  totalBytes: 200 * MB,
  entries: 10_000,
  ratio: 100,
  /** Small parts compress well for honest reasons (repetitive XML); the ratio only matters for big ones. */
  ratioFromBytes: 10 * MB,
};

const refuse = (what: string) => new ProcessingFailure(`This file expands to more than ${what} and was not opened.`);

/** Counts bytes and stops the stream once `limit` is passed. */
function byteCounter(limit: number, onByte: (n: number) => void) {
  let seen = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      onByte(chunk.length);
      done(seen > limit ? refuse('200 MB') : undefined);
    },
  });
}

/**
 * Refuses a zip-based file before any parser opens it when it would expand
 * too far: more than 200 MB in all, a large part compressed more than 100:1,
 * or more than 10,000 parts. The central directory's sizes are checked
 * first; then every part is actually inflated and counted (yauzl also fails
 * on a part longer than declared), so sizes that lie are caught too.
 */
export async function checkZipArchive(filePath: string, unreadable: string): Promise<void> {
  const zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true }).catch(() => {
    throw new ProcessingFailure(unreadable);
  });
  try {
    if (zip.entryCount > ZIP_LIMITS.entries) throw refuse('10,000 parts');
    const entries = [];
    let declared = 0;
    let largestRatio = 0;
    for await (const entry of zip.eachEntry()) {
      entries.push(entry);
      declared += entry.uncompressedSize;
      if (entry.uncompressedSize > ZIP_LIMITS.ratioFromBytes) {
        largestRatio = Math.max(largestRatio, entry.uncompressedSize / Math.max(entry.compressedSize, 1));
      }
    }
    if (declared > ZIP_LIMITS.totalBytes) throw refuse('200 MB');
    if (largestRatio > ZIP_LIMITS.ratio) throw refuse(`${ZIP_LIMITS.ratio} times its size`);

    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      await pipeline(stream, byteCounter(ZIP_LIMITS.totalBytes - inflated, (n) => (inflated += n)));
    }
  } catch (error) {
    throw error instanceof ProcessingFailure ? error : new ProcessingFailure(unreadable);
  } finally {
    zip.close();
  }
}

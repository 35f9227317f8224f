import yauzl, { type Entry } from 'yauzl';
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

/** The refusal of a file that would expand too far, `what` saying how far it was allowed to. */
export const expandsTooFar = (what: string) => new ProcessingFailure(`This file expands to more than ${what} and was not opened.`);

const TOTAL = '200 MB';

/** A zip file whose directory passed the checks, read part by part. */
export interface ZipArchive {
  /** The parts by name, as the central directory lists them. */
  entries: ReadonlyMap<string, Entry>;
  /**
   * A part's bytes as they inflate, refused once they pass `maxBytes` (when
   * given, `tooLarge` says how) or the archive's 200 MB in all, counted over
   * every part read.
   */
  read(entry: Entry, limit?: { maxBytes: number; tooLarge: () => ProcessingFailure }): AsyncGenerator<Buffer>;
  close(): void;
}

/**
 * Opens a zip-based file through its central directory and refuses it when
 * the directory says it would expand too far: more than 200 MB in all, a
 * large part compressed more than 100:1, or more than 10,000 parts. Parts
 * are then read through the same directory, each counted as it inflates
 * (yauzl also fails on a part longer than declared), so sizes that lie are
 * caught too.
 */
export async function openZipArchive(filePath: string, unreadable: string): Promise<ZipArchive> {
  const zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true }).catch(() => {
    throw new ProcessingFailure(unreadable);
  });
  try {
    if (zip.entryCount > ZIP_LIMITS.entries) throw expandsTooFar('10,000 parts');
    const entries = new Map<string, Entry>();
    let declared = 0;
    let largestRatio = 0;
    for await (const entry of zip.eachEntry()) {
      // Two parts of one name: readers would disagree on which is the file.
      if (entries.has(entry.fileName)) throw new ProcessingFailure(unreadable);
      entries.set(entry.fileName, entry);
      declared += entry.uncompressedSize;
      if (entry.uncompressedSize > ZIP_LIMITS.ratioFromBytes) {
        largestRatio = Math.max(largestRatio, entry.uncompressedSize / Math.max(entry.compressedSize, 1));
      }
    }
    if (declared > ZIP_LIMITS.totalBytes) throw expandsTooFar(TOTAL);
    if (largestRatio > ZIP_LIMITS.ratio) throw expandsTooFar(`${ZIP_LIMITS.ratio} times its size`);

    let inflated = 0;
    return {
      entries,
      async *read(entry, limit) {
        if (limit && entry.uncompressedSize > limit.maxBytes) throw limit.tooLarge();
        const stream = await zip.openReadStreamPromise(entry).catch(() => {
          throw new ProcessingFailure(unreadable);
        });
        let seen = 0;
        try {
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            seen += chunk.length;
            inflated += chunk.length;
            if (limit && seen > limit.maxBytes) throw limit.tooLarge();
            if (inflated > ZIP_LIMITS.totalBytes) throw expandsTooFar(TOTAL);
            yield chunk;
          }
        } catch (error) {
          throw error instanceof ProcessingFailure ? error : new ProcessingFailure(unreadable);
        } finally {
          // A reader that stops early (enough rows) leaves the rest of the part uninflated.
          stream.destroy();
        }
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error instanceof ProcessingFailure ? error : new ProcessingFailure(unreadable);
  }
}

/**
 * Refuses a zip-based file before a parser that reads it whole opens it:
 * the directory checks of openZipArchive, then every part actually
 * inflated and counted.
 */
export async function checkZipArchive(filePath: string, unreadable: string): Promise<void> {
  const zip = await openZipArchive(filePath, unreadable);
  try {
    for (const entry of zip.entries.values()) {
      if (entry.fileName.endsWith('/')) continue;
      for await (const chunk of zip.read(entry)) void chunk;
    }
  } finally {
    zip.close();
  }
}

import type { Readable } from 'node:stream';

/** What a finished write stored. */
export interface StoredObject {
  key: string;
  size: number;
}

export interface ObjectInfo {
  key: string;
  size: number;
  /** When it was last written, where the store lists it (list() does; stat() need not). */
  modifiedAt?: Date;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/**
 * Where files live. Callers only ever name objects by keys the server made
 * (never a client's file name). A write is all or nothing: until it resolves
 * the object is invisible to read/stat/list, and when the source stream fails
 * (too large, wrong content, client gone) nothing is left behind. The local
 * disk store is the default; an S3-compatible store implements the same five
 * operations.
 */
export interface Storage {
  /** Streams `source` into `key`; memory stays flat whatever the size. */
  write(key: string, source: Readable): Promise<StoredObject>;
  /** The object, or a slice of it for HTTP Range requests; null when it does not exist. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object (used to reconcile storage with the database after a crash). */
  list(): AsyncIterable<ObjectInfo>;
  /**
   * A path on this machine holding the object, for parsers that need a file;
   * null when the store is remote (the caller then copies it to a temporary file).
   */
  localPath(key: string): string | null;
}

/** Keys are made by the server; anything else is refused before it can touch a path or an object name. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*$/;
const KEY_MAX = 200;

export function assertStorageKey(key: string): void {
  if (key.length > KEY_MAX || !KEY_PATTERN.test(key)) throw new Error(`invalid storage key "${key.slice(0, 40)}"`);
}

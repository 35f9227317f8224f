import { randomUUID } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import {
  contentMismatchMessage, MAX_UPLOAD_BYTES, extensionOf, isAllowedExtension, uploadProblem, type ContentItem, type ContentKind,
} from '../../../lib/contract/contents';
import { formatBytes } from '../../../lib/format-bytes';
import type { Plan } from '../../../lib/plans';
import { BackgroundSha256 } from '../../lib/background-hash';
import { AppError, fieldError } from '../../lib/errors';
import { spaceAbilitiesOf, type SpaceAccess, type SpaceViewer } from '../../policies/spaces';
import type { Storage } from '../../storage/storage';
import type { HubRow, ProcessingQueue } from '../../types';
import { getSubscription } from '../billing/get-subscription';
import { findVisibleSpace } from '../spaces/find-visible-space';
import { presentContent, selectContentViews, type ContentPresenter } from './content-view';
import { SNIFF_BYTES, detectFileType } from './detect-file-type';
import { getStorageUsage } from './get-storage-usage';
import { sanitizeFileName } from './sanitize-file-name';
import { errorMessages } from '../../../lib/contract/error-messages';

/** The file part of an upload, as it arrives. */
export interface IncomingFile {
  /** The name the client gave it: shown to people, never used as a path. */
  fileName: string;
  stream: Readable;
}

/** What a multipart body may add around the file: boundaries, part headers, the file name. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/**
 * A file uploadProblem refuses, with its sentence (the web app shows the same
 * one before sending): 415 for the type, 413 for the size, 400 when empty.
 */
export function refusal(kind: ContentKind, file: { name: string; size: number }): AppError {
  const problem = uploadProblem(kind, file)!;
  if (!isAllowedExtension(kind, file.name)) return new AppError(415, 'unsupported_file_type', problem);
  if (file.size > MAX_UPLOAD_BYTES[kind]) return new AppError(413, 'file_too_large', problem);
  return fieldError('file', problem);
}

const contentMismatch = (extension: string) => new AppError(415, 'file_content_mismatch', contentMismatchMessage(extension));

export const interrupted = () => new AppError(400, 'validation_error', 'The upload did not arrive completely. Please try again.');

/** An upload that does not fit in the hub's plan (HTTP 422, code storage_quota), with what is in use. */
const storageQuota = (used: number, plan: Plan) =>
  new AppError(
    422,
    'storage_quota',
    `This file does not fit in the hub's storage: ${formatBytes(used)} of the ${plan.name} plan's ${formatBytes(plan.limits.storage_bytes)} is in use. Delete files you no longer need, or ask the hub owner to upgrade the plan.`,
  );

/**
 * The transaction-local limit the hub's storage count may not pass: the
 * trigger that adds an insert to the count (migration 0010) refuses it with
 * STORAGE_QUOTA_SQLSTATE, so the check is exact without a lock of its own.
 */
const STORAGE_LIMIT_SETTING = 'convene.storage_limit';
const STORAGE_QUOTA_SQLSTATE = 'CV422';

const isStorageQuotaRefusal = (error: unknown) =>
  error instanceof Error && (error.cause as { code?: unknown } | undefined)?.code === STORAGE_QUOTA_SQLSTATE;

/**
 * Watches the file on its way to storage: checks its first bytes against its
 * extension before any of it is written, stops it once it passes the size
 * limit, and counts and hashes it, all without holding more than the first
 * SNIFF_BYTES in memory.
 */
export class UploadInspector extends Transform {
  size = 0;
  mimeType: string | null = null;
  sha256: string | null = null;
  // Hashed on another thread: hundreds of megabytes must not hold up the event loop.
  private readonly hash = new BackgroundSha256();
  private head: Buffer[] | null = [];

  constructor(private readonly opts: { extension: string; maxBytes: number; tooLarge: () => AppError; empty: () => AppError }) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.opts.maxBytes) return callback(this.opts.tooLarge());
    this.hash.update(chunk);
    // A hash falling behind slows the upload down rather than holding its bytes in memory.
    if (this.hash.backlogged) {
      this.hash.caughtUp().then(() => this.pass(chunk, callback), (error: Error) => callback(error));
      return;
    }
    this.pass(chunk, callback);
  }

  private pass(chunk: Buffer, callback: TransformCallback): void {
    if (!this.head) return callback(null, chunk);
    this.head.push(chunk);
    if (this.size < SNIFF_BYTES) return callback();
    this.releaseHead(false, callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.size === 0) return callback(this.opts.empty());
    const finish = () => this.hash.digest().then(
      (hex) => {
        this.sha256 = hex;
        callback();
      },
      (error: Error) => callback(error),
    );
    if (!this.head) return void finish();
    this.releaseHead(true, (error, head?: Buffer) => {
      if (error) return callback(error);
      this.push(head);
      void finish();
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.hash.discard();
    callback(error);
  }

  /** Lets the held-back first bytes through once they are known to be what the extension says. */
  private releaseHead(complete: boolean, callback: TransformCallback): void {
    const head = Buffer.concat(this.head ?? []);
    this.head = null;
    detectFileType({ extension: this.opts.extension, head, complete }).then(
      (mimeType) => {
        if (!mimeType) return callback(contentMismatch(this.opts.extension));
        this.mimeType = mimeType;
        callback(null, head);
      },
      (error: Error) => callback(error),
    );
  }
}

/**
 * Streams the upload into storage through an UploadInspector. When the
 * inspector failed, the fault is the client's (refused content, a cut
 * connection); when only the write failed, it is the server's.
 */
async function storeFile(opts: { storage: Storage; key: string; source: Readable; inspector: UploadInspector }): Promise<void> {
  // Both settle before anything is decided, so no write is still running when the caller cleans up.
  const [, stored] = await Promise.allSettled([
    pipeline(opts.source, opts.inspector),
    opts.storage.write(opts.key, opts.inspector),
  ]);
  const clientFault = opts.inspector.errored;
  if (clientFault) throw clientFault instanceof AppError ? clientFault : interrupted();
  if (stored.status === 'rejected') throw stored.reason;
}

/**
 * Adds an uploaded file to a space: it is stored under a new content id
 * (never the client's name), checked on the way in, and recorded as queued
 * for processing. The space and add_content are checked before the body is
 * read (its endpoint's requirement) and again when the item is recorded;
 * type and size before it is read; storage before (from Content-Length) and
 * again when the item is recorded. Whatever fails, no stored object is left.
 */
export async function uploadContent(opts: {
  db: Database;
  storage: Storage;
  processing?: ProcessingQueue;
  viewer: SpaceViewer;
  organization: HubRow;
  /** The space as route() found it and allowed adding to it. */
  access: SpaceAccess;
  kind: ContentKind;
  /** The request's Content-Length; null when the client streams without one. */
  declaredBytes: number | null;
  /** What the body may carry besides the file's bytes: MULTIPART_OVERHEAD_BYTES for a form, 0 for the bare file. */
  bodyOverheadBytes: number;
  /** Reads the request up to its file part; null when there is none. The stream may deliver at most `limit` bytes. */
  receiveFile: (limit: number) => Promise<IncomingFile | null>;
  presenter: ContentPresenter;
}): Promise<ContentItem> {
  const { db, storage, viewer, organization: hub, kind, access } = opts;
  const maxBytes = MAX_UPLOAD_BYTES[kind];
  // One byte over the limit reaches the inspector, which refuses the file; the parser would only cut it short.
  const file = await opts.receiveFile(maxBytes + 1);
  if (!file) throw fieldError('file', errorMessages.chooseFile);
  const name = sanitizeFileName(file.fileName);
  const extension = extensionOf(name);
  let plan: Plan;
  try {
    if (!isAllowedExtension(kind, name)) throw refusal(kind, { name, size: 0 });
    // The least the file can weigh, from the request's size: enough to refuse what certainly does not fit before reading it.
    const leastBytes = Math.max(0, (opts.declaredBytes ?? 0) - opts.bodyOverheadBytes);
    if (leastBytes > maxBytes) throw refusal(kind, { name, size: leastBytes });
    const [subscription, used] = await Promise.all([getSubscription({ db, organization: hub }), getStorageUsage({ db, hubId: hub.id })]);
    ({ plan } = subscription);
    if (used + leastBytes > plan.limits.storage_bytes) throw storageQuota(used, plan);
  } catch (error) {
    // Unread, the file would hold the request open; the caller decides what happens to the rest of the body.
    file.stream.destroy();
    throw error;
  }

  const id = randomUUID();
  const inspector = new UploadInspector({
    extension,
    maxBytes,
    tooLarge: () => refusal(kind, { name, size: Math.max(opts.declaredBytes ?? 0, maxBytes + 1) }),
    empty: () => refusal(kind, { name, size: 0 }),
  });
  await storeFile({ storage, key: id, source: file.stream, inspector });

  try {
    await db.transaction(async (tx) => {
      // The plan as read before the body: reading it again would cost every upload a round trip, for a plan changed while its file arrived.
      await tx.execute(sql`select set_config(${STORAGE_LIMIT_SETTING}, ${String(plan.limits.storage_bytes)}, true)`);
      const current = await findVisibleSpace({ db: tx, viewer, spaceId: access.space.id, lock: 'share', ability: 'add_content' });
      // Adds the file to the hub's storage count, refused past the limit: the only statement that waits for uploads into other spaces.
      await tx.insert(contents).values({
        id,
        hubId: hub.id,
        spaceId: current.space.id,
        kind,
        source: 'upload',
        name,
        extension,
        mimeType: inspector.mimeType,
        sizeBytes: inspector.size,
        sha256: inspector.sha256,
        storageKey: id,
        status: 'queued',
        createdBy: viewer.userId,
      });
    });
  } catch (error) {
    await storage.delete(id);
    throw isStorageQuotaRefusal(error) ? storageQuota(await getStorageUsage({ db, hubId: hub.id }), plan) : error;
  }
  opts.processing?.notify();

  const [row] = await selectContentViews(db)
    .where(and(eq(contents.hubId, hub.id), eq(contents.id, id)))
    .limit(1);
  return presentContent(row!, opts.presenter, spaceAbilitiesOf(access, viewer));
}

import { PassThrough, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand,
  ListMultipartUploadsCommand, ListObjectsV2Command, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, type ByteRange, type ObjectInfo, type Storage, type StoredObject } from './storage';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible service's address (Ceph RADOS Gateway, MinIO…); AWS when absent. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key), which most self-hosted services need. */
  forcePathStyle: boolean;
  /** Put every object under this prefix ("convene/"), to share a bucket. */
  prefix: string;
}

/** Parts of a multipart upload: memory per write is at most QUEUE × PART, whatever the file's size. */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

export interface S3Storage extends Storage {
  /** Whether the bucket answers: what readiness checks. */
  ping(): Promise<void>;
  /**
   * Aborts multipart uploads begun before `olderThan` that never finished (a
   * node died mid-upload): their parts are invisible but still stored and billed.
   */
  abortStaleUploads(olderThan: Date): Promise<number>;
  close(): void;
}

/**
 * Files in an S3-compatible bucket. A write is a multipart upload streamed
 * in parts (a single PUT when small): the object appears only when the last
 * part is in, and a failed source aborts the upload, so, as on local disk,
 * an object is complete or absent.
 */
export function createS3Storage(settings: S3Settings): S3Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Uploads stream bodies of unknown length: checksums over the whole body would need it in memory.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const nameOf = (key: string) => {
    assertStorageKey(key);
    return `${settings.prefix}${key}`;
  };

  return {
    async write(key: string, source: Readable): Promise<StoredObject> {
      const Key = nameOf(key);
      let size = 0;
      const body = new PassThrough();
      source.on('data', (chunk: Buffer) => { size += chunk.length; });
      source.on('error', (error) => body.destroy(error));
      source.pipe(body);
      const upload = new Upload({ client, params: { Bucket, Key, Body: body }, partSize: PART_BYTES, queueSize: QUEUE, leavePartsOnError: false });
      try {
        await upload.done();
        return { key, size };
      } catch (error) {
        source.destroy();
        await upload.abort().catch(() => undefined);
        throw error;
      }
    },

    async read(key: string, range?: ByteRange): Promise<Readable | null> {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: nameOf(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async stat(key: string): Promise<ObjectInfo | null> {
      try {
        assertStorageKey(key);
      } catch {
        return null;
      }
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: nameOf(key) }));
        return { key, size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: nameOf(key) }));
    },

    localPath(key: string): string | null {
      assertStorageKey(key);
      return null;
    },

    async *list(): AsyncIterable<ObjectInfo> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix || undefined, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key.slice(settings.prefix.length), size: object.Size ?? 0, modifiedAt: object.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async ping(): Promise<void> {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    async abortStaleUploads(olderThan: Date): Promise<number> {
      let aborted = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: settings.prefix || undefined, KeyMarker, UploadIdMarker }));
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= olderThan) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
          aborted += 1;
        }
        [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
      } while (KeyMarker);
      return aborted;
    },

    close: () => client.destroy(),
  };
}

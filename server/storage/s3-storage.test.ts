import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { CreateBucketCommand, CreateMultipartUploadCommand, ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cephBinaries, startRadosGateway, type RadosGateway } from '../test/rados-gateway';
import { createLocalDiskStorage } from './local-disk-storage';
import { moveObjects } from './move-objects';
import { createS3Storage, type S3Settings } from './s3-storage';
import { describeStorage, from, KEY, listed, MiB, readAll } from './storage-suite';

const binaries = cephBinaries();
const BUCKET = 'convene-test';
let gateway: RadosGateway;

const settings = (prefix: string): S3Settings => ({
  bucket: BUCKET, endpoint: gateway.endpoint, region: 'us-east-1', forcePathStyle: true,
  accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey, prefix,
});

const title = 'S3-compatible storage on a Ceph RADOS Gateway';
describe.skipIf(!binaries)(binaries ? title : `${title} (skipped: Ceph's radosgw, ceph-mon and ceph-osd not found; apt-get install radosgw ceph-mon ceph-osd)`, () => {
  beforeAll(async () => {
    gateway = await startRadosGateway({ binaries: binaries! });
    const client = new S3Client(clientOptions());
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    client.destroy();
  }, 120_000);
  afterAll(async () => gateway?.stop());

  const clientOptions = () => ({
    region: 'us-east-1', endpoint: gateway.endpoint, forcePathStyle: true,
    credentials: { accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey },
  });

  // Each test gets its own prefix: the bucket is shared, the objects are not.
  describeStorage('RADOS Gateway', async () => {
    const storage = createS3Storage(settings(`t-${randomUUID()}/`));
    return { storage, close: async () => storage.close() };
  });

  it('answers a ping while the bucket is there, and fails for a missing bucket', async () => {
    const storage = createS3Storage(settings('ping/'));
    await expect(storage.ping()).resolves.toBeUndefined();
    const missing = createS3Storage({ ...settings('ping/'), bucket: 'no-such-bucket' });
    await expect(missing.ping()).rejects.toThrow();
    storage.close();
    missing.close();
  });

  it('streams a file larger than a part as a multipart upload, and a failed one leaves no upload behind', async () => {
    const prefix = `multi-${randomUUID()}/`;
    const storage = createS3Storage(settings(prefix));
    const data = Buffer.alloc(20 * MiB, 3);
    expect(await storage.write(KEY, from(data))).toEqual({ key: KEY, size: data.length });

    const source = new PassThrough();
    const writing = storage.write(`${KEY}.copy`, source);
    source.write(Buffer.alloc(10 * MiB, 1));
    setTimeout(() => source.destroy(new Error('client went away')), 200);
    await expect(writing).rejects.toThrow();
    const client = new S3Client(clientOptions());
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: prefix }));
    expect(uploads.Uploads ?? []).toEqual([]);
    expect(await listed(storage)).toEqual([{ key: KEY, size: data.length }]);
    client.destroy();
    storage.close();
  });

  it('aborts multipart uploads a crashed node left unfinished, but not those still under way', async () => {
    const prefix = `stale-${randomUUID()}/`;
    const storage = createS3Storage(settings(prefix));
    const client = new S3Client(clientOptions());
    await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: `${prefix}${KEY}` }));
    const before = new Date(Date.now() - 60_000);
    expect(await storage.abortStaleUploads(before)).toBe(0);
    expect(await storage.abortStaleUploads(new Date(Date.now() + 60_000))).toBe(1);
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: prefix }));
    expect(uploads.Uploads ?? []).toEqual([]);
    client.destroy();
    storage.close();
  });

  it('moves a deployment’s files from local disk into the bucket and back, each checked by its sha256', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'convene-move-'));
    const disk = await createLocalDiskStorage(path.join(dir, 'disk'));
    const bucket = createS3Storage(settings(`move-${randomUUID()}/`));
    const big = Buffer.alloc(12 * MiB, 9);
    await disk.write(KEY, from(big));
    await disk.write(`${KEY}.thumb.webp`, from('a thumbnail'));
    expect(await moveObjects({ from: disk, to: bucket, journal: path.join(dir, 'to-s3') })).toEqual({ copied: 2, skipped: 0, bytes: big.length + 11 });
    expect(await listed(bucket)).toEqual(await listed(disk));

    const back = await createLocalDiskStorage(path.join(dir, 'back'));
    await moveObjects({ from: bucket, to: back, journal: path.join(dir, 'to-disk') });
    expect(await listed(back)).toEqual(await listed(disk));
    expect(await readAll(back, `${KEY}.thumb.webp`)).toBe('a thumbnail');
    bucket.close();
    await rm(dir, { recursive: true, force: true });
  });
});

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { createLocalDiskStorage } from './local-disk-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** A multipart upload older than this was left by a node that died: nobody will finish it. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * The deployment's store: the S3 bucket when one is set (checked at once, so
 * a wrong key fails the start rather than the first upload), else local disk.
 */
export async function openStorage(config: Pick<Config, 's3' | 'uploadsDir'>, logger: Pick<FastifyBaseLogger, 'info'>): Promise<Storage> {
  if (!config.s3) return createLocalDiskStorage(config.uploadsDir);
  const storage = createS3Storage(config.s3);
  await storage.ping();
  const aborted = await storage.abortStaleUploads(new Date(Date.now() - STALE_UPLOAD_MS));
  logger.info({ bucket: config.s3.bucket, endpoint: config.s3.endpoint, abortedUploads: aborted }, 'files are kept in an S3 bucket');
  return storage;
}

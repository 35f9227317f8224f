import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { cephBinaries, startRadosGateway } from '../../server/test/rados-gateway';

export interface ObjectStore {
  /** The S3_* settings that put a node's files in the bucket. */
  env: Record<string, string>;
  /** What the gateway printed, for a failure message. */
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * A bucket on a Ceph RADOS Gateway started for the test (server/test/rados-gateway.ts),
 * or null when Ceph's programs are missing and cannot be installed here.
 */
export async function startObjectStore(bucket: string): Promise<ObjectStore | null> {
  const binaries = cephBinaries();
  if (!binaries) return null;
  const gateway = await startRadosGateway({ binaries });
  const client = new S3Client({
    region: 'us-east-1', endpoint: gateway.endpoint, forcePathStyle: true,
    credentials: { accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    await gateway.stop();
    throw error;
  } finally {
    client.destroy();
  }
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: gateway.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: gateway.accessKeyId,
      S3_SECRET_ACCESS_KEY: gateway.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    log: gateway.log,
    stop: gateway.stop,
  };
}

// `npm run files:move -- --to s3` copies this deployment's files from local
// disk (UPLOADS_DIR) into the S3 bucket (S3_*); `--to disk` brings them back.
// Every copy is checked by its sha256 and journalled, so an interrupted move
// goes on where it stopped when run again. Then switch the setting (set or
// unset S3_BUCKET) and restart. The source is never changed.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { loadDotEnv } from '../main';
import { createLocalDiskStorage } from '../storage/local-disk-storage';
import { moveObjects } from '../storage/move-objects';
import { createS3Storage } from '../storage/s3-storage';

const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (values.to !== 's3' && values.to !== 'disk') {
  console.error('Say where the files go: --to s3 (from UPLOADS_DIR into S3_BUCKET) or --to disk (back).');
  process.exit(2);
}
loadDotEnv();
const config = loadConfig();
if (!config.s3) {
  console.error('Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a service other than AWS) first.');
  process.exit(2);
}
const disk = await createLocalDiskStorage(config.uploadsDir);
const bucket = createS3Storage(config.s3);
await bucket.ping();
const [from, to] = values.to === 's3' ? [disk, bucket] : [bucket, disk];
const journal = path.join(config.dataDir, `files-moved-to-${values.to}.log`);
const started = Date.now();
const report = await moveObjects({
  from, to, journal,
  onObject: (key, size) => console.info(`copied ${key} (${size} bytes), sha256 checked`),
});
const seconds = (Date.now() - started) / 1000;
console.info(`${report.copied} copied (${(report.bytes / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(1)} s), ${report.skipped} already there. Journal: ${journal}`);
bucket.close();

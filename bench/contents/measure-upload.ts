import { randomBytes, randomFillSync } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, open, rm, statfs } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { spawnBenchProcess } from '../spawn-servers';
import type { UploadBenchServer } from './upload-server';

const MiB = 1024 * 1024;

export interface Throughput {
  seconds: number;
  mibPerSecond: number;
}

export interface UploadBenchResult {
  sizeBytes: number;
  /** The file system the uploads folder is on, as statfs names its type. */
  fileSystem: string;
  diskBefore: Throughput;
  upload: Throughput;
  diskAfter: Throughput;
  idleRssBytes: number;
  peakRssBytes: number;
  /** How the peak was read: the kernel's high-water mark reset before the upload, or samples only. */
  peakSource: 'VmHWM' | 'samples';
}

const throughput = (bytes: number, milliseconds: number): Throughput =>
  ({ seconds: milliseconds / 1000, mibPerSecond: bytes / MiB / (milliseconds / 1000) });

/**
 * A file the media kind accepts: an MP4 "ftyp" box (what file-type sniffs)
 * and one "mdat" box filling the rest with random bytes, written 1 MiB at a
 * time so the benchmark itself never holds the file in memory.
 */
async function writeMp4(filePath: string, size: number) {
  const box = (type: string, length: number, payload = '') => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(length, 0);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, Buffer.from(payload, 'latin1')]);
  };
  // Brand isom, version 0x200, compatible with isom and iso2.
  const ftyp = box('ftyp', 24, 'isom\0\0\x02\0isomiso2');
  const mdat = box('mdat', size - ftyp.length);
  async function* chunks() {
    yield Buffer.concat([ftyp, mdat]);
    for (let left = size - ftyp.length - mdat.length; left > 0; left -= MiB) yield randomFillSync(Buffer.allocUnsafe(Math.min(MiB, left)));
  }
  await pipeline(chunks(), createWriteStream(filePath));
}

/** The raw disk: the same bytes streamed from the source into a new file on the uploads' file system, then fsync. */
async function timeDiskWrite(source: string, directory: string, size: number): Promise<Throughput> {
  const target = path.join(directory, `raw-write-${randomBytes(4).toString('hex')}`);
  try {
    const start = performance.now();
    await pipeline(createReadStream(source, { highWaterMark: MiB }), createWriteStream(target));
    const handle = await open(target, 'r');
    await handle.sync();
    await handle.close();
    return throughput(size, performance.now() - start);
  } finally {
    await rm(target, { force: true });
  }
}

/** The file streamed from disk as one multipart part `file`, over node:http with a fixed Content-Length. */
async function timeUpload(server: UploadBenchServer, source: string, size: number): Promise<Throughput> {
  const boundary = `convene-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const start = performance.now();
  const request = http.request(`${server.uploadUrl}?kind=media`, {
    method: 'POST',
    headers: {
      AppType: 'social',
      Authorization: `JWT ${server.token}`,
      'Org-Handle': server.handle,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': head.length + size + tail.length,
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
      response.once('error', reject);
    });
  });
  async function* body() {
    yield head;
    yield* createReadStream(source, { highWaterMark: MiB });
    yield tail;
  }
  // A server that refuses early may close before the body is sent; its answer says why.
  const [answer] = await Promise.all([answered, pipeline(body(), request).catch(() => undefined)]);
  const elapsed = performance.now() - start;
  if (answer.status !== 201) throw new Error(`POST spaces/{id}/contents/?kind=media answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return throughput(size, elapsed);
}

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kib = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib ?? 0) * 1024;
}

/** Resets the process's peak resident memory (VmHWM) to its current size; false where the kernel refuses. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const FILE_SYSTEMS: Record<number, string> = { 0xef53: 'ext4', 0x58465342: 'xfs', 0x9123683e: 'btrfs', 0x01021994: 'tmpfs', 0x794c7630: 'overlayfs' };

/**
 * Streams a generated media file from disk to POST spaces/{id}/contents/ on
 * the real API in a child process, against writing the same bytes straight
 * to the same file system (before and after the upload), and reads the
 * server's resident memory: idle, and its peak during the upload.
 */
export async function measureUpload(opts: { sizeBytes: number }): Promise<UploadBenchResult> {
  if (process.platform !== 'linux') throw new Error('server memory is read from /proc, which needs Linux');
  const server = await spawnBenchProcess<UploadBenchServer>('contents/upload-server.ts');
  const sourceDir = await mkdtemp(path.join(os.tmpdir(), 'convene-bench-upload-'));
  try {
    const source = path.join(sourceDir, 'bench.mp4');
    await writeMp4(source, opts.sizeBytes);
    const fileSystem = FILE_SYSTEMS[Number((await statfs(server.uploadsDir)).type)] ?? 'unknown';
    const diskBefore = await timeDiskWrite(source, server.uploadsDir, opts.sizeBytes);

    // Let start-up garbage settle before reading the idle size.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleRssBytes = statusField(server.pid, 'VmRSS');
    const reset = resetPeak(server.pid);
    let sampledPeak = idleRssBytes;
    const sampler = setInterval(() => { sampledPeak = Math.max(sampledPeak, statusField(server.pid, 'VmRSS')); }, 10);
    let upload: Throughput;
    try {
      upload = await timeUpload(server, source, opts.sizeBytes);
    } finally {
      clearInterval(sampler);
    }
    const peakRssBytes = reset ? Math.max(sampledPeak, statusField(server.pid, 'VmHWM')) : sampledPeak;

    const diskAfter = await timeDiskWrite(source, server.uploadsDir, opts.sizeBytes);
    return {
      sizeBytes: opts.sizeBytes, fileSystem, diskBefore, upload, diskAfter, idleRssBytes, peakRssBytes,
      peakSource: reset ? 'VmHWM' : 'samples',
    };
  } finally {
    await server.stop();
    await rm(sourceDir, { recursive: true, force: true });
  }
}

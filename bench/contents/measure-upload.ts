import { randomBytes, randomFillSync } from 'node:crypto';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, open, rm, statfs } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { contentEndpoints } from '@/lib/contract/contents';
import { pathOf } from '@/lib/contract/endpoint';
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
  /** POST spaces/{id}/contents/upload/: the file as the whole body, what the web app sends. */
  upload: Throughput;
  /** POST spaces/{id}/contents/: the same file as a multipart part. */
  multipartUpload: Throughput;
  diskAfter: Throughput;
  idleRssBytes: number;
  /** During the bare-body upload. */
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
  // On disk before anything is timed: its write-back would otherwise run during, and slow, the first measurement.
  const handle = await open(filePath, 'r');
  await handle.sync();
  await handle.close();
}

/** Buffers streamFile reuses: enough to keep a read ahead of the writes under way. */
const STREAM_BUFFERS = 4;

/**
 * Writes the first `size` bytes of `source` into `sink` (without ending it)
 * through a few buffers, each taken again once its write is done. A fresh
 * buffer per read would have this process's collector, in a heap holding every
 * benchmark, pace both the raw write and the uploads it is compared with.
 */
async function streamFile(source: string, size: number, sink: Writable): Promise<void> {
  const file = await open(source, 'r');
  const spare = Array.from({ length: STREAM_BUFFERS }, () => Buffer.allocUnsafeSlow(MiB));
  let wake: (() => void) | null = null;
  const wakeUp = () => {
    wake?.();
    wake = null;
  };
  // A sink closed early (a refused upload) may never call back the writes it held.
  sink.once('close', wakeUp);
  try {
    for (let position = 0; position < size && !sink.destroyed;) {
      const buffer = spare.pop();
      if (!buffer) {
        await new Promise<void>((resolve) => { wake = resolve; });
        continue;
      }
      const { bytesRead } = await file.read(buffer, 0, Math.min(MiB, size - position), position);
      if (bytesRead === 0) throw new Error(`${source} is shorter than ${size} bytes`);
      position += bytesRead;
      sink.write(buffer.subarray(0, bytesRead), () => {
        spare.push(buffer);
        wakeUp();
      });
    }
  } finally {
    sink.off('close', wakeUp);
    await file.close();
  }
}

/** The raw disk: the same bytes streamed from the source into a new file on the uploads' file system, then fsync. */
async function timeDiskWrite(source: string, directory: string, size: number): Promise<Throughput> {
  const target = path.join(directory, `raw-write-${randomBytes(4).toString('hex')}`);
  try {
    const start = performance.now();
    const sink = createWriteStream(target);
    await streamFile(source, size, sink);
    await finished(sink.end());
    const handle = await open(target, 'r');
    await handle.sync();
    await handle.close();
    return throughput(size, performance.now() - start);
  } finally {
    await rm(target, { force: true });
  }
}

const signedInHeaders = (server: UploadBenchServer) => ({ AppType: 'social', Authorization: `JWT ${server.token}`, 'Org-Handle': server.handle });

/**
 * Sends the body `send` writes (`size` bytes of file) to `url` over node:http;
 * the time until the 201 answer. The item is deleted afterwards, untimed, as
 * the raw writes remove their file: each timed write then starts right after
 * as much was freed. (On a virtual machine, page cache taken from memory the
 * guest has not used lately can cost several times as much as memory just
 * freed, and would favour whichever write follows a removal.)
 */
async function timePost(
  server: UploadBenchServer, url: string, headers: Record<string, string | number>, send: (request: Writable) => Promise<void>, size: number,
): Promise<Throughput> {
  const start = performance.now();
  const request = http.request(url, { method: 'POST', headers });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
      response.once('error', reject);
    });
  });
  // A server that refuses early may close before the body is sent; its answer says why.
  const sent = send(request).then(() => request.end(), (error: Error) => request.destroy(error));
  const [answer] = await Promise.all([answered, sent]);
  const elapsed = performance.now() - start;
  if (answer.status !== 201) throw new Error(`POST ${new URL(url).pathname} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  const { data } = JSON.parse(answer.body) as { data: { id: string } };
  const item = pathOf(contentEndpoints.remove, { id: server.spaceId, content_id: data.id });
  const deleted = await fetch(`${server.apiUrl}${item}`, { method: contentEndpoints.remove.method, headers: signedInHeaders(server) });
  if (!deleted.ok) throw new Error(`DELETE of the uploaded item answered ${deleted.status}`);
  return throughput(size, elapsed);
}

/** The file (or its first `size` bytes) streamed from disk as the whole body of POST contents/upload/, with a fixed Content-Length. */
function timeUpload(server: UploadBenchServer, source: string, size: number): Promise<Throughput> {
  return timePost(
    server,
    `${server.apiUrl}${pathOf(contentEndpoints.rawUpload, { id: server.spaceId })}?kind=media&name=bench.mp4`,
    { ...signedInHeaders(server), 'Content-Type': 'video/mp4', 'Content-Length': size },
    (request) => streamFile(source, size, request),
    size,
  );
}

/** The file streamed from disk as one multipart part `file`, with a fixed Content-Length. */
function timeMultipartUpload(server: UploadBenchServer, source: string, size: number): Promise<Throughput> {
  const boundary = `convene-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return timePost(
    server,
    `${server.apiUrl}${pathOf(contentEndpoints.upload, { id: server.spaceId })}?kind=media`,
    { ...signedInHeaders(server), 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': head.length + size + tail.length },
    async (request) => {
      request.write(head);
      await streamFile(source, size, request);
      request.write(tail);
    },
    size,
  );
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
 * Streams a generated media file from disk to POST spaces/{id}/contents/upload/
 * (the bare file) and then to POST spaces/{id}/contents/ (multipart) on the
 * real API in a child process, against writing the same bytes straight to the
 * same file system (before and after the uploads), and reads the server's
 * resident memory: idle, and its peak during the bare-file upload.
 */
export async function measureUpload(opts: { sizeBytes: number }): Promise<UploadBenchResult> {
  if (process.platform !== 'linux') throw new Error('server memory is read from /proc, which needs Linux');
  const server = await spawnBenchProcess<UploadBenchServer>('contents/upload-server.ts');
  const sourceDir = await mkdtemp(path.join(os.tmpdir(), 'convene-bench-upload-'));
  try {
    const source = path.join(sourceDir, 'bench.mp4');
    await writeMp4(source, opts.sizeBytes);
    const fileSystem = FILE_SYSTEMS[Number((await statfs(server.uploadsDir)).type)] ?? 'unknown';
    // Untimed: the first timed write, like every later one, then follows the removal of a file of the same size.
    await timeDiskWrite(source, server.uploadsDir, opts.sizeBytes);
    const diskBefore = await timeDiskWrite(source, server.uploadsDir, opts.sizeBytes);

    // Let start-up garbage settle before reading the idle size.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleRssBytes = statusField(server.pid, 'VmRSS');
    // A server in service has taken uploads before: one small untimed upload first, so neither timed one pays for the first.
    await timeUpload(server, source, MiB);
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
    const multipartUpload = await timeMultipartUpload(server, source, opts.sizeBytes);

    const diskAfter = await timeDiskWrite(source, server.uploadsDir, opts.sizeBytes);
    return {
      sizeBytes: opts.sizeBytes, fileSystem, diskBefore, upload, multipartUpload, diskAfter, idleRssBytes, peakRssBytes,
      peakSource: reset ? 'VmHWM' : 'samples',
    };
  } finally {
    await server.stop();
    await rm(sourceDir, { recursive: true, force: true });
  }
}

import { randomBytes } from 'node:crypto';
import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { contentEndpoints, type ContentKind } from '@/lib/contract/contents';
import { pathOf } from '@/lib/contract/endpoint';
import { percentile } from '../load';
import { spawnBenchProcess } from '../spawn-servers';
import type { ProcessingBenchServer } from './processing-server';

export interface Timings {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  runs: number;
}

export interface ProcessingBenchResult {
  files: number;
  burst: number;
  /** POST contents/upload/ until its 201 answer (the item is queued then). */
  upload: Timings;
  /** From the 201 answer until GET of the item says ready, one file at a time. */
  queueToReady: Timings;
  /** The same, for files uploaded all at once. */
  burstQueueToReady: Timings;
  /** The same bytes written to a new file on the uploads' file system, fsynced and read back. */
  baseline: Timings;
}

const POLL_MS = 5;

function timings(values: number[]): Timings {
  const sorted = Float64Array.from(values).sort();
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted.at(-1) ?? 0, runs: values.length };
}

/** Small files of the kinds people drop in by the dozen: ~100 bytes of Markdown, CSV and plain text. */
function smallFile(n: number): { name: string; kind: ContentKind; type: string; data: Buffer } {
  switch (n % 3) {
    case 0:
      return { name: `note-${n}.md`, kind: 'document', type: 'text/markdown', data: Buffer.from(`# Note ${n}\n\nThe launch checklist moves to Thursday; bring the engine spec.\n`) };
    case 1:
      return { name: `budget-${n}.csv`, kind: 'table', type: 'text/csv', data: Buffer.from(`item,amount,owner\nvenue,${1200 + n},Ana\ncatering,800,Ben\nprinting,150,Chloe\n`) };
    default:
      return { name: `minutes-${n}.txt`, kind: 'document', type: 'text/plain', data: Buffer.from(`Minutes ${n}: agreed the roadmap, moved the review, asked for the budget numbers.\n`) };
  }
}

const headersOf = (server: ProcessingBenchServer) => ({ AppType: 'social', Authorization: `JWT ${server.token}`, 'Org-Handle': server.handle });

async function upload(server: ProcessingBenchServer, n: number): Promise<{ id: string; uploadMs: number; answeredAt: number }> {
  const file = smallFile(n);
  const url = `${server.apiUrl}${pathOf(contentEndpoints.rawUpload, { id: server.spaceId })}?kind=${file.kind}&name=${encodeURIComponent(file.name)}`;
  const start = performance.now();
  const response = await fetch(url, {
    method: contentEndpoints.rawUpload.method,
    headers: { ...headersOf(server), 'Content-Type': file.type, 'Content-Length': String(file.data.length) },
    body: new Uint8Array(file.data),
  });
  const answeredAt = performance.now();
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const { data } = (await response.json()) as { data: { id: string } };
  return { id: data.id, uploadMs: answeredAt - start, answeredAt };
}

/** Polls the item every few milliseconds; the time from `since` until it is ready. */
async function readyAfter(server: ProcessingBenchServer, id: string, since: number): Promise<number> {
  const url = `${server.apiUrl}${pathOf(contentEndpoints.get, { id: server.spaceId, content_id: id })}`;
  const deadline = since + 120_000;
  for (;;) {
    const response = await fetch(url, { headers: headersOf(server) });
    const { data } = (await response.json()) as { data: { status: string; failure_reason?: string | null } };
    const now = performance.now();
    if (data.status === 'ready') return now - since;
    if (data.status === 'failed') throw new Error(`item ${id} failed: ${data.failure_reason ?? ''}`);
    if (now > deadline) throw new Error(`item ${id} still ${data.status} after 120 s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function writeAndReadBack(directory: string, data: Buffer): Promise<number> {
  const target = path.join(directory, `baseline-${randomBytes(4).toString('hex')}`);
  try {
    const start = performance.now();
    const handle = await open(target, 'w');
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    const back = await readFile(target);
    if (!back.equals(data)) throw new Error('the baseline read back other bytes');
    return performance.now() - start;
  } finally {
    await rm(target, { force: true });
  }
}

/**
 * Uploads `files` small files through POST spaces/{id}/contents/upload/ one
 * at a time, each waited for until ready, then `burst` more all at once; and
 * as the baseline writes the same bytes to the uploads' file system, fsynced,
 * and reads them back. Two untimed files go first (a node in service has
 * processed files before).
 */
export async function measureProcessing(opts: { files: number; burst: number }): Promise<ProcessingBenchResult> {
  const server = await spawnBenchProcess<ProcessingBenchServer>('contents/processing-server.ts');
  try {
    for (const n of [0, 1]) {
      const { id, answeredAt } = await upload(server, n);
      await readyAfter(server, id, answeredAt);
    }
    const uploads: number[] = [];
    const waits: number[] = [];
    const baseline: number[] = [];
    for (let n = 0; n < opts.files; n += 1) {
      const { id, uploadMs, answeredAt } = await upload(server, n);
      uploads.push(uploadMs);
      waits.push(await readyAfter(server, id, answeredAt));
      baseline.push(await writeAndReadBack(server.uploadsDir, smallFile(n).data));
    }
    const burst = await Promise.all(Array.from({ length: opts.burst }, async (_, n) => {
      const { id, answeredAt } = await upload(server, n);
      return readyAfter(server, id, answeredAt);
    }));
    return {
      files: opts.files, burst: opts.burst,
      upload: timings(uploads), queueToReady: timings(waits), burstQueueToReady: timings(burst), baseline: timings(baseline),
    };
  } finally {
    await server.stop();
  }
}

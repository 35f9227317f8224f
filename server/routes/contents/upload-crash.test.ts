import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect';
import { contents } from '../../db/schema';
import { createLocalDiskStorage } from '../../storage/local-disk-storage';
import { LOST_FILE_REASON } from '../../storage/reconcile-storage';
import { createTestDatabaseUrl } from '../../test/database';
import { STRONG_PASSWORD } from '../../test/harness';
import { startApiProcess } from '../../test/processes';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { BOUNDARY, openUploadRequest, partHead } from './upload-test-kit';

/*
 * The API as a real process, killed with SIGKILL while uploads are in
 * flight, then started again on the same data: afterwards storage and the
 * database must agree exactly, and nothing the API acknowledged may be lost.
 */


interface ApiProcess {
  child: ChildProcess;
  url: string;
  reconciled: { removedObjects: number; lostFiles: number };
}

let smtp: SmtpCapture;
let dataDir: string;
let databaseUrl: string;
let dropDatabase: () => Promise<void>;
const uploadsDir = () => path.join(dataDir, 'uploads');

beforeAll(async () => {
  smtp = await startSmtpCapture();
  dataDir = await mkdtemp(path.join(tmpdir(), 'convene-crash-'));
  const scratch = await createTestDatabaseUrl('convene_crash');
  databaseUrl = scratch.url;
  dropDatabase = scratch.drop;
});
afterAll(async () => {
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

const startApi = () =>
  startApiProcess<Omit<ApiProcess, 'child'>>({
    DATA_DIR: dataDir,
    UPLOADS_DIR: uploadsDir(),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'crash-test-secret-with-enough-entropy-0123456789',
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'error',
  });

function stop(api: ApiProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (api.child.exitCode !== null || api.child.signalCode !== null) return resolve();
    api.child.once('exit', () => resolve());
    api.child.kill(signal);
  });
}

async function call<T>(api: ApiProcess, method: string, route: string, opts: { body?: unknown; token?: string; hub?: string } = {}) {
  const response = await fetch(`${api.url}/api/v1/${route}`, {
    method,
    headers: {
      AppType: 'social',
      'Content-Type': 'application/json',
      ...(opts.token ? { Authorization: `JWT ${opts.token}` } : {}),
      ...(opts.hub ? { 'Org-Handle': opts.hub } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const body = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** A person with a hub and a space, made through the API as a real client would. */
async function signUpWithSpace(api: ApiProcess) {
  const email = `crash-${randomUUID().slice(0, 8)}@example.com`;
  const { registration } = await call<{ registration: string }>(api, 'POST', 'auth/register/', {
    body: { name: 'Crash Tester', email, password: STRONG_PASSWORD },
  });
  const { token } = await call<{ token: string }>(api, 'POST', 'auth/register/verify/', {
    body: { email, code: await smtp.codeFor(email), registration },
  });
  await call(api, 'PATCH', 'auth/profile/', { token, body: { name: 'Crash Tester', role: 'software_engineer' } });
  const hub = `crash-${randomUUID().slice(0, 8)}`;
  await call(api, 'POST', 'organizations/', { token, body: { name: 'Crash hub', domain_handle: hub, visibility: 'shared' } });
  const space = await call<{ id: string }>(api, 'POST', 'spaces/', { token, hub, body: { name: 'Uploads', visibility: 'private' } });
  return { token, hub, spaceId: space.id };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Sends `data` as a .txt document, `piece` bytes at a time with `pauseMs`
 * between pieces. Resolves with the new item's id on 201, or null when the
 * connection dies first.
 */
function slowUpload(api: ApiProcess, who: { token: string; hub: string; spaceId: string }, data: Buffer, pauseMs: number): Promise<string | null> {
  const head = partHead({ filename: 'crash.txt' });
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise((resolve) => {
    const request = openUploadRequest(api.url, who, 'document', head.length + data.length + tail.length);
    request.on('response', (response) => {
      let raw = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { raw += chunk; });
      response.on('end', () => resolve(response.statusCode === 201 ? (JSON.parse(raw) as { data: { id: string } }).data.id : null));
      response.on('error', () => resolve(null));
    });
    request.on('error', () => resolve(null));
    void (async () => {
      request.write(head);
      const piece = 64 * 1024;
      for (let offset = 0; offset < data.length && !request.destroyed; offset += piece) {
        if (!request.write(data.subarray(offset, offset + piece))) await new Promise((r) => request.once('drain', r));
        if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
      }
      if (!request.destroyed) request.end(tail);
    })();
  });
}

describe('an upload API killed mid-upload and restarted', () => {
  it('keeps storage and database in step and loses nothing it acknowledged', { timeout: 120_000 }, async () => {
    let api = await startApi();
    const who = await signUpWithSpace(api);

    // One file uploaded before the crash, whose original then disappears from disk: it must come back marked failed.
    const lostData = Buffer.from('this file will be lost\n');
    const lostId = await slowUpload(api, who, lostData, 0);
    expect(lostId).not.toBeNull();

    const files = Array.from({ length: 20 }, (_, i) => {
      // 2 to 5 MB of text (base64 of random bytes), so every file is different.
      const data = Buffer.from(randomBytes(Math.floor(((2 + (i * 3) / 19) * 1024 * 1024 * 3) / 4)).toString('base64'));
      // A third go as fast as they can; the rest trickle in, so they are mid-write at the kill.
      return { data, sha256: sha256(data), pauseMs: i % 3 === 0 ? 0 : 40 };
    });
    const acknowledged = new Map<string, (typeof files)[number]>();
    let killed!: () => void;
    const killedAt = new Promise<void>((resolve) => { killed = resolve; });
    const uploads = files.map(async (file) => {
      const id = await slowUpload(api, who, file.data, file.pauseMs);
      if (id) acknowledged.set(id, file);
      if (acknowledged.size >= 4) killed();
    });
    // Should fewer than four ever succeed, the assertions below say so instead of the test hanging.
    void Promise.all(uploads).then(killed);
    await killedAt;
    await stop(api, 'SIGKILL');
    await Promise.all(uploads);
    expect(acknowledged.size).toBeGreaterThanOrEqual(4);
    expect(acknowledged.size).toBeLessThan(files.length);
    // The kill really did interrupt writes.
    expect((await readdir(path.join(uploadsDir(), 'tmp'))).length).toBeGreaterThan(0);

    // While it is down: the lost file's original goes, and objects nobody owns appear.
    const objectPath = (key: string) => path.join(uploadsDir(), 'objects', key.slice(0, 2), key);
    await unlink(objectPath(lostId!));
    const stray = randomUUID();
    for (const key of [stray, `${stray}.thumb.webp`]) {
      await mkdir(path.dirname(objectPath(key)), { recursive: true });
      await writeFile(objectPath(key), 'nobody owns this');
    }

    api = await startApi();
    expect(await readdir(path.join(uploadsDir(), 'tmp'))).toEqual([]);
    expect(api.reconciled.lostFiles).toBe(1);
    expect(api.reconciled.removedObjects).toBeGreaterThanOrEqual(2);
    // It serves again.
    expect(await slowUpload(api, who, Buffer.from('after the restart\n'), 0)).not.toBeNull();
    await stop(api, 'SIGTERM');

    const database = await connectDatabase({ url: databaseUrl, dataDir });
    const storage = await createLocalDiskStorage(uploadsDir());
    try {
      const rows = await database.db.select().from(contents);
      const objects = new Map<string, number>();
      for await (const object of storage.list()) objects.set(object.key, object.size);

      const lost = rows.find((row) => row.id === lostId);
      expect(lost).toMatchObject({ status: 'failed', failureReason: LOST_FILE_REASON });
      for (const row of rows.filter((r) => r.id !== lostId)) {
        expect(objects.get(row.storageKey!), `object of ${row.id}`).toBe(row.sizeBytes);
        const stream = await storage.read(row.storageKey!);
        const hash = createHash('sha256');
        for await (const chunk of stream!) hash.update(chunk as Buffer);
        expect(hash.digest('hex'), `bytes of ${row.id}`).toBe(row.sha256);
      }
      const rowKeys = new Set(rows.map((row) => row.storageKey));
      for (const key of objects.keys()) expect(rowKeys.has(key.split('.')[0]!), `owner of ${key}`).toBe(true);
      for (const [id, file] of acknowledged) {
        expect(rows.find((row) => row.id === id), `acknowledged ${id}`).toMatchObject({ sizeBytes: file.data.length, sha256: file.sha256 });
      }
    } finally {
      await database.close();
    }
  });
});

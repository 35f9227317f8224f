import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNDARY, partHead, startPartialUpload } from '../routes/contents/upload-test-kit';
import { createSpace, hubWithPeople } from '../routes/spaces/space-test-kit';
import { startTestServer, type TestServer } from '../test/harness';
import { startApiProcess, supervise, type SupervisedChild } from '../test/processes';
import { openSignalling } from '../test/signalling-client';

/*
 * A node leaving the deployment: the API as a real process gets SIGTERM
 * while an upload is half sent and a meeting socket is open. It must stop
 * being ready at once, let the upload finish, tell the socket it is going
 * away, and exit cleanly.
 */


/** Long enough for the trickled upload, short enough for the stalled one to be cut well within the test. */
const GRACE_MS = 4_000;

let server: TestServer;
let dataDir: string;
let api: { child: ChildProcess; supervised: SupervisedChild; url: string } | undefined;

beforeAll(async () => {
  server = await startTestServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'convene-drain-'));
});
afterAll(async () => {
  await api?.supervised.stop();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The API over the test server's database (same secret, so its sessions hold there too). */
async function startApi() {
  const api = await startApiProcess({
    DATA_DIR: dataDir,
    UPLOADS_DIR: path.join(dataDir, 'uploads'),
    DATABASE_URL: server.databaseUrl,
    JWT_SECRET: 'test-secret-with-enough-entropy-0123456789',
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
    LOG_LEVEL: 'error',
    // The same app address as the test server, so its sockets come from the app's own origin.
    APP_URL: server.config.appUrl,
  });
  return { ...api, supervised: supervise(api.child, { stdout: false, cleanup: () => undefined }) };
}

/** Ready's status, or 'refused' when the node no longer takes connections. */
const readiness = (url: string) =>
  fetch(`${url}/health/ready`).then((res) => res.status, () => 'refused' as const);

describe('draining on SIGTERM', () => {
  it('stops being ready, finishes the upload in flight, cuts the stalled one after the grace period, says going away and exits 0', { timeout: 60_000 }, async () => {
    const { owner, hub } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    api = await startApi();
    const { child, url } = api;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    expect(await readiness(url)).toBe(200);

    const socket = await openSignalling({ url, config: server.config });
    const data = Buffer.from('written before and after the node was told to stop\n'.repeat(2_000));
    const head = Buffer.concat([partHead({ filename: 'drain.txt' }), data.subarray(0, 1_000)]);
    const rest = Buffer.concat([data.subarray(1_000), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    const who = { person: owner, hub, spaceId: space.id };
    const upload = startPartialUpload({ ...server, url }, who, 'document', { contentLength: head.length + rest.length, sent: head });
    // Its sender went quiet: it must not keep the node from stopping.
    const stalled = startPartialUpload({ ...server, url }, who, 'document', { contentLength: head.length + rest.length, sent: head });
    // The request is in its handler, reading the body, before the signal comes.
    await sleep(300);

    child.kill('SIGTERM');
    const signalledAt = Date.now();
    await sleep(300);
    expect([503, 'refused']).toContain(await readiness(url));
    expect(await socket.closed).toMatchObject({ code: 1001 });
    expect(child.exitCode).toBeNull();

    // The rest trickles in over a second and a half, well after the signal.
    const pieces = 6;
    const piece = Math.ceil(rest.length / pieces);
    for (let i = 0; i < pieces; i += 1) {
      upload.request.write(rest.subarray(i * piece, (i + 1) * piece));
      await sleep(250);
    }
    upload.request.end();
    const answer = await upload.response;
    expect(answer?.status).toBe(201);
    expect(answer?.body.data).toMatchObject({ name: 'drain.txt' });
    expect(await stalled.response).toBeNull();
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(GRACE_MS - 500);
  });
});

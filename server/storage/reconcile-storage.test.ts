import { utimes } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { reconcileStorage } from './reconcile-storage';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const quiet = { info: () => undefined, warn: () => undefined };

/** An object nobody's row names, written `minutesAgo` ago. */
async function orphan(key: string, minutesAgo: number) {
  await server.storage.write(key, Readable.from([Buffer.from('left by a crash')]));
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await utimes(server.storage.localPath(key)!, at, at);
}

describe('reconciling storage with the database', () => {
  it('with several nodes, leaves files written in the last minutes to the node that may be recording them', async () => {
    await orphan('0a-recent', 1);
    await orphan('0b-old', 30);
    await reconcileStorage({ db: server.db, storage: server.storage, logger: quiet, minAgeMs: 10 * 60_000 });
    expect(await server.storage.stat('0a-recent')).not.toBeNull();
    expect(await server.storage.stat('0b-old')).toBeNull();

    // Alone, a node knows nobody else is writing: every unowned file goes.
    await reconcileStorage({ db: server.db, storage: server.storage, logger: quiet });
    expect(await server.storage.stat('0a-recent')).toBeNull();
  });
});

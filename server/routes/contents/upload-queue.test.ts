import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaces } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { createStatementCounter } from '../../test/statement-counter';
import { createSpace, hubWithPeople, joinSpace } from '../spaces/space-test-kit';
import { upload } from './upload-test-kit';

/*
 * Recording an upload adds it to the hub's storage count, which locks the
 * count's row until the commit: uploads to one hub that finish together wait
 * for each other there, so that step must be as short as it can be.
 */

const counter = createStatementCounter();
let server: TestServer;
beforeAll(async () => { server = await startTestServer({}, { databaseLogger: counter.logger }); });
afterAll(async () => { await server.close(); });

describe("POST spaces/{id}/contents/ under the lock of the hub's storage count", () => {
  it('holds it for the insert alone, which checks the plan as it counts', async () => {
    const world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub, { name: 'Inbox' });
    await joinSpace(server, world.editor, world.hub, space);
    let status = 0;
    const statements = await counter.during(async () => {
      ({ status } = await upload(server, { person: world.editor, hub: world.hub, spaceId: space.id }, 'document', { name: 'note.txt', data: 'A note' }));
    });
    expect(status).toBe(201);
    expect(statements.filter((statement) => /"organizations".* for update/is.test(statement))).toEqual([]);
    // The insert takes the count's row (its trigger adds the file); until the commit, every statement holds up the hub's other uploads.
    const insert = statements.findIndex((statement) => /^insert into "contents"/i.test(statement));
    expect(insert).toBeGreaterThan(-1);
    expect(statements[insert + 1]).toMatch(/^commit$/i);
    // The plan's limit the trigger checks against, set before.
    expect(statements.slice(0, insert).some((statement) => statement.includes('set_config'))).toBe(true);
  });
});

describe('POST spaces/{id}/contents/ while someone else adds to the same space', () => {
  it('does not wait for them: adding items shares the space, only its changes take it whole', async () => {
    const world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub, { name: 'Shared inbox' });
    await joinSpace(server, world.editor, world.hub, space);
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => { locked = resolve; });
    // Another upload into the space, in the middle of its recording, for as long as this test says.
    const holder = server.db.transaction(async (tx) => {
      await tx.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, space.id)).for('share');
      locked();
      await released;
    });
    await isLocked;
    try {
      const answer = await Promise.race([
        upload(server, { person: world.editor, hub: world.hub, spaceId: space.id }, 'document', { name: 'mine.txt', data: 'Mine' }),
        sleep(5_000).then(() => null),
      ]);
      expect(answer?.status).toBe(201);
    } finally {
      release();
      await holder;
    }
  });
});

import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '../../../lib/contract/billing';
import { contents, hubs, hubStorage, spaces } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, createSpace, hubWithPeople, joinSpace, type HubWithPeople } from '../spaces/space-test-kit';
import { insertContent, type ItemBody } from './content-test-kit';
import { upload } from './upload-test-kit';

/*
 * The hub's storage count (organization_storage) is kept by the database as
 * items are written, whoever writes them: it must always equal the sum of
 * the hub's item sizes, which is what plans and uploads are checked against.
 */

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

/** What billing shows as the hub's storage in use. */
async function usage(world: HubWithPeople): Promise<number> {
  const res = await server.get<{ data: Subscription }>('wallet/subscription-detail/', as(world.owner, world.hub));
  expect(res.status).toBe(200);
  return res.body.data.usage.storage_bytes;
}

/** The sum the count must equal, from the items themselves. */
async function summed(hubId: string): Promise<number> {
  const [row] = await server.db
    .select({ bytes: sql<string>`coalesce(sum(${contents.sizeBytes}), 0)` })
    .from(contents)
    .where(eq(contents.hubId, hubId));
  return Number(row?.bytes);
}

async function expectCounted(world: HubWithPeople, bytes: number) {
  expect(await summed(world.hub.id)).toBe(bytes);
  expect(await usage(world)).toBe(bytes);
}

describe("the hub's storage count", () => {
  it('follows uploads, notes, contacts, note edits and deletes', async () => {
    const world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub);
    await joinSpace(server, world.editor, world.hub, space);
    const who = as(world.editor, world.hub);
    await expectCounted(world, 0);

    const uploaded = await upload(server, { person: world.editor, hub: world.hub, spaceId: space.id }, 'document', { name: 'a.txt', data: 'x'.repeat(1000) });
    expect(uploaded.status).toBe(201);
    await expectCounted(world, 1000);

    const note = await server.post<ItemBody>(`spaces/${space.id}/contents/notes/`, { title: 'Agenda', body: 'Kayaking at noon' }, who);
    expect(note.status).toBe(201);
    await expectCounted(world, 1016);

    const contact = await server.post<ItemBody>(`spaces/${space.id}/contents/contacts/`, {
      name: 'Grace Hopper', email: 'grace@navy.example', contact_number: '+1 555 010 9999', occupation: 'Admiral', address: 'Arlington', about: 'Compilers',
    }, who);
    expect(contact.status).toBe(201);
    expect(contact.body.data.size_bytes).toBeGreaterThan(0);
    await expectCounted(world, 1016 + contact.body.data.size_bytes);

    const edited = await server.patch<ItemBody>(`spaces/${space.id}/contents/${note.body.data.id}/note/`, { title: 'Agenda', body: 'Sailing' }, who);
    expect(edited.status).toBe(200);
    await expectCounted(world, 1007 + contact.body.data.size_bytes);

    const deleted = await server.request('DELETE', `spaces/${space.id}/contents/${uploaded.body.data.id}/`, as(world.owner, world.hub));
    expect(deleted.status).toBe(200);
    await expectCounted(world, 7 + contact.body.data.size_bytes);
  });

  it("drops a deleted space's items, and goes with a deleted hub", async () => {
    const world = await hubWithPeople(server);
    const kept = await createSpace(server, world.owner, world.hub);
    const gone = await createSpace(server, world.owner, world.hub);
    await insertContent(server, { hub: world.hub, space: kept, by: world.owner }, { sizeBytes: 300 });
    await Promise.all([100, 200, 400].map((sizeBytes) => insertContent(server, { hub: world.hub, space: gone, by: world.owner }, { sizeBytes })));
    await expectCounted(world, 1000);

    await server.db.delete(spaces).where(eq(spaces.id, gone.id));
    await expectCounted(world, 300);

    await server.db.delete(hubs).where(eq(hubs.id, world.hub.id));
    expect(await server.db.select().from(hubStorage).where(eq(hubStorage.hubId, world.hub.id))).toEqual([]);
  });

  it('starts, when the migration adds it, from the items already there', async () => {
    const hubs = await Promise.all([1, 2].map(async (n) => {
      const world = await hubWithPeople(server);
      const space = await createSpace(server, world.owner, world.hub);
      for (let i = 0; i < n; i += 1) await insertContent(server, { hub: world.hub, space, by: world.owner }, { sizeBytes: 1000 * n + i });
      return world;
    }));
    const counts = await server.db.select().from(hubStorage);
    expect(counts.length).toBeGreaterThan(0);
    // The migration's last statement fills the count in: run it again on an emptied table.
    const migration = await readFile(new URL('../../db/migrations/0010_organization_storage.sql', import.meta.url), 'utf8');
    const backFill = migration.split('--> statement-breakpoint').at(-1)!;
    await server.db.delete(hubStorage);
    await server.db.execute(sql.raw(backFill));

    const byHub = (rows: typeof counts) => Object.fromEntries(rows.map((row) => [row.hubId, row.bytes]));
    expect(byHub(await server.db.select().from(hubStorage))).toEqual(byHub(counts));
    for (const world of hubs) expect(await usage(world)).toBe(await summed(world.hub.id));
    expect(await usage(hubs[1]!)).toBe(2000 + 2001);
  });
});

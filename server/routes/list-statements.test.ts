import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents, memberships, hubs, spaceMemberships, spaces } from '../db/schema';
import { createHub, createUser, uniqueHandle } from '../test/fixtures';
import { startTestServer, type RequestOptions, type TestServer } from '../test/harness';
import { createStatementCounter } from '../test/statement-counter';

/*
 * A list costs the same number of SQL statements whatever the length of its
 * page: nothing is fetched once per row (no N+1). Each list is read as a hub
 * owner over 2 rows and over 20, and the statements of the two are compared
 * (absolute counts would also pin how signing in is checked, which is not
 * what these lists are about).
 */

const counter = createStatementCounter();
let server: TestServer;
beforeAll(async () => { server = await startTestServer({}, { databaseLogger: counter.logger }); });
afterAll(async () => { await server.close(); });

/** A hub owner with `rows` hubs, `rows` spaces, and `rows` items and members in the first space. */
async function hubWithRows(rows: number) {
  const owner = await createUser(server, { name: 'Hub Owner' });
  const hub = await createHub(server, owner.token);
  const userId = owner.user.id;
  const spaceIds = (await server.db.insert(spaces).values(Array.from({ length: rows }, (_, i) => ({
    hubId: hub.id, name: `Space ${i}`, visibility: i % 2 === 0 ? 'shared' : 'public', createdBy: userId,
  }))).returning({ id: spaces.id })).map((row) => row.id);
  await server.db.insert(spaceMemberships).values(spaceIds.map((spaceId) => ({ spaceId, hubId: hub.id, userId, role: 'owner' })));
  const spaceId = spaceIds[0]!;
  for (let i = 1; i < rows; i++) {
    const member = await createUser(server, { name: `Member ${i}` });
    await server.db.insert(memberships).values({ hubId: hub.id, userId: member.user.id, role: 'viewer' });
    await server.db.insert(spaceMemberships).values({ spaceId, hubId: hub.id, userId: member.user.id, role: 'viewer' });
  }
  await server.db.insert(contents).values(Array.from({ length: rows }, (_, i) => ({
    hubId: hub.id, spaceId, kind: 'document' as const, source: 'upload' as const, name: `Item ${i}.txt`,
    extension: 'txt', mimeType: 'text/plain', status: 'ready' as const, createdBy: userId,
  })));
  for (let i = 1; i < rows; i++) {
    const [other] = await server.db.insert(hubs)
      .values({ name: `Other hub ${i}`, domainHandle: uniqueHandle(), visibility: 'shared', createdBy: userId })
      .returning({ id: hubs.id });
    await server.db.insert(memberships).values({ hubId: other!.id, userId, role: 'editor' });
  }
  return { options: { token: owner.token, hubHandle: hub.domain_handle } satisfies RequestOptions, spaceId };
}

/** The statements one read of `path` sends (read once before, so every per-session cache is as warm for both). */
async function statementsOf(path: string, options: RequestOptions, rows: number) {
  expect((await server.get(path, options)).status).toBe(200);
  let body: { data?: unknown[] } = {};
  const sent = await counter.during(async () => {
    const res = await server.get<{ data: unknown[] }>(path, options);
    expect(res.status).toBe(200);
    body = res.body;
  });
  expect(body.data).toHaveLength(rows);
  expect(sent.length).toBeGreaterThan(0);
  return sent.length;
}

describe('list endpoints', () => {
  it('send as many statements for a page of 20 rows as for a page of 2', async () => {
    const small = await hubWithRows(2);
    const large = await hubWithRows(20);
    const lists: Record<string, (hub: typeof small) => string> = {
      spaces: () => 'spaces/?page_size=50',
      contents: (hub) => `spaces/${hub.spaceId}/contents/?page_size=50`,
      hubs: () => 'organizations/?page_size=50',
      members: (hub) => `spaces/${hub.spaceId}/members/?page_size=50`,
    };
    const counts: Record<string, [number, number]> = {};
    for (const [name, path] of Object.entries(lists)) {
      counts[name] = [
        await statementsOf(path(small), small.options, 2),
        await statementsOf(path(large), large.options, 20),
      ];
    }
    expect(Object.fromEntries(Object.entries(counts).map(([name, [two, twenty]]) => [name, twenty - two])))
      .toEqual({ spaces: 0, contents: 0, hubs: 0, members: 0 });
  });
});

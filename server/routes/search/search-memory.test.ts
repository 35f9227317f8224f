import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../lib/contract/contents';
import type { MyHub } from '../../../lib/contract/hubs';
import type { SearchResult } from '../../../lib/contract/search';
import type { Space } from '../../../lib/contract/spaces';
import { contents } from '../../db/schema';
import { TOP_MATCHES } from '../../domain/search/search-contents';
import { RANKED_WORDS } from '../../domain/search/search-text';
import { startTestServer, type TestServer } from '../../test/harness';
import { createStatementCounter } from '../../test/statement-counter';
import { addToSpace, as, createSpace, hubWithPeople, type HubWithPeople, type Person } from '../spaces/space-test-kit';

/*
 * GET search/ remembers a query's ranked matches per hub and generation.
 * Repeating a search must cost no ranking, and every change to what search
 * finds (written through the API or straight into the database) must show
 * in the very next search, as must every change to who may see what.
 */

const counter = createStatementCounter();
let server: TestServer;
beforeAll(async () => { server = await startTestServer({}, { databaseLogger: counter.logger }); });
afterAll(async () => { await server.close(); });

interface SearchPage { data: SearchResult[]; count: number }

async function search(person: Person, hub: MyHub, q: string): Promise<SearchPage> {
  const res = await server.get<SearchPage>(`search/?${new URLSearchParams({ q })}`, as(person, hub));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const names = (page: SearchPage) => page.data.map((result) => result.content.name);

async function writeNote(person: Person, hub: MyHub, space: Space, title: string, body: string): Promise<ContentItem> {
  const res = await server.post<{ data: ContentItem }>(`spaces/${space.id}/contents/notes/`, { title, body }, as(person, hub));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('GET search/ remembered matches', () => {
  let world: HubWithPeople;
  let space: Space;
  beforeAll(async () => {
    world = await hubWithPeople(server);
    space = await createSpace(server, world.owner, world.hub, { name: 'Orchard' });
  });

  it('ranks a query once: the same search again reads only the viewer\'s spaces and the page', async () => {
    await writeNote(world.editor, world.hub, space, 'Pear harvest', 'Pears ripen in autumn.');
    await writeNote(world.editor, world.hub, space, 'Tools', 'A ladder for the pear trees.');

    const first = await counter.during(() => search(world.viewer, world.hub, 'pear'));
    expect(first.some((statement) => statement.includes('ts_rank'))).toBe(true);
    // Another person, the same words: the matches are the hub's, not the person's.
    let again: SearchPage | undefined;
    const repeated = await counter.during(async () => { again = await search(world.owner, world.hub, 'pear'); });
    expect(names(again!)).toEqual(['Pear harvest', 'Tools']);
    expect(again!.count).toBe(2);
    expect(repeated.some((statement) => statement.includes('ts_rank'))).toBe(false);
    expect(repeated.filter((statement) => !statement.includes('"sessions"') && !statement.includes('"memberships"'))).toHaveLength(2);
  });

  it('shows every change to what search finds in the very next search', async () => {
    const note = await writeNote(world.editor, world.hub, space, 'Plum jam', 'Boil the plums.');
    expect(names(await search(world.viewer, world.hub, 'plum'))).toEqual(['Plum jam']);

    // Added through the API.
    await writeNote(world.editor, world.hub, space, 'Market', 'Plums sold out.');
    expect((await search(world.viewer, world.hub, 'plum')).count).toBe(2);

    // Renamed through the API: the name is indexed, so the rank and the shown name change.
    const renamed = await server.patch(`spaces/${space.id}/contents/${note.id}/`, { name: 'Damson jam' }, as(world.editor, world.hub));
    expect(renamed.status).toBe(200);
    expect(names(await search(world.viewer, world.hub, 'plum'))).toEqual(['Market', 'Damson jam']);
    expect(names(await search(world.viewer, world.hub, 'damson'))).toEqual(['Damson jam']);

    // No longer ready (written straight into the database, as processing does).
    await server.db.update(contents).set({ status: 'failed' }).where(eq(contents.id, note.id));
    expect(names(await search(world.viewer, world.hub, 'plum'))).toEqual(['Market']);
    await server.db.update(contents).set({ status: 'ready' }).where(eq(contents.id, note.id));
    expect((await search(world.viewer, world.hub, 'plum')).count).toBe(2);

    // Deleted through the API.
    const deleted = await server.request('DELETE', `spaces/${space.id}/contents/${note.id}/`, as(world.editor, world.hub));
    expect(deleted.status).toBe(200);
    expect(names(await search(world.viewer, world.hub, 'plum'))).toEqual(['Market']);
  });

  it('applies who may see which space afresh on every search', async () => {
    const hidden = await createSpace(server, world.owner, world.hub, { name: 'Cellar', visibility: 'shared' });
    await writeNote(world.owner, world.hub, hidden, 'Cider press', 'Apples for cider.');
    await writeNote(world.editor, world.hub, space, 'Apple list', 'Cox and russet.');

    expect(names(await search(world.owner, world.hub, 'apple'))).toEqual(['Apple list', 'Cider press']);
    expect(names(await search(world.viewer, world.hub, 'apple'))).toEqual(['Apple list']);
    await addToSpace(server, world.owner, world.hub, hidden, world.viewer, 'viewer');
    expect((await search(world.viewer, world.hub, 'apple')).count).toBe(2);

    const archived = await server.post(`spaces/${hidden.id}/archive/`, {}, as(world.owner, world.hub));
    expect(archived.status).toBe(200);
    expect(names(await search(world.viewer, world.hub, 'apple'))).toEqual(['Apple list']);
  });
});

describe('GET search/ past the remembered matches', () => {
  it('pages on through the database, with the same total and order', async () => {
    const world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub, { name: 'Many' });
    const n = TOP_MATCHES + 15;
    // Written in bulk and indexed like indexContent does, each a second newer than the last.
    await server.db.execute(sql`
      insert into contents (organization_id, space_id, kind, source, name, extension, status, created_at)
      select ${world.hub.id}, ${space.id}, 'document', 'upload', 'Quince ' || i, 'txt', 'ready', timestamp '2024-01-01' + i * interval '1 second'
        from generate_series(1, ${n}) as i`);
    await server.db.execute(sql`
      update contents set search_vector = setweight(to_tsvector('english', name), 'A'),
                          rank_vector = search_vector_head(setweight(to_tsvector('english', name), 'A'), ${RANKED_WORDS})
       where space_id = ${space.id}`);

    const pageOf = async (page: number) => {
      const res = await server.get<SearchPage>(`search/?${new URLSearchParams({ q: 'quince', page: String(page), page_size: '10' })}`, as(world.viewer, world.hub));
      expect(res.status).toBe(200);
      return res.body;
    };
    // Equal ranks: newest first, so page p starts at item n - 10 (p - 1).
    const last = Math.ceil(n / 10);
    for (const page of [1, TOP_MATCHES / 10, TOP_MATCHES / 10 + 1, last]) {
      const body = await pageOf(page);
      expect(body.count).toBe(n);
      const first = n - 10 * (page - 1);
      expect(names(body)).toEqual(Array.from({ length: Math.min(10, first) }, (_, i) => `Quince ${first - i}`));
    }
  });
});

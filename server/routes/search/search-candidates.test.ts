import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../lib/contract/contents';
import type { MyHub } from '../../../lib/contract/hubs';
import type { SearchResult } from '../../../lib/contract/search';
import type { Space } from '../../../lib/contract/spaces';
import { contents } from '../../db/schema';
import { COUNT_CAP, RANKED_CANDIDATES } from '../../domain/search/search-contents';
import { RANKED_WORDS } from '../../domain/search/search-text';
import { startTestServer, type TestServer } from '../../test/harness';
import { addToSpace, as, createSpace, hubWithPeople, joinSpace, type HubWithPeople, type Person } from '../spaces/space-test-kit';

/*
 * GET search/ ranks afresh on every search: every change to what search
 * finds (written through the API or straight into the database) shows in the
 * very next search, as does every change to who may see what. A query that
 * matches more items than are ranked ranks those a cheaper first pass picks.
 */

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface SearchPage { data: SearchResult[]; count: number; count_is_capped: boolean }

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

describe('GET search/ is always fresh', () => {
  let world: HubWithPeople;
  let space: Space;
  beforeAll(async () => {
    world = await hubWithPeople(server);
    space = await createSpace(server, world.owner, world.hub, { name: 'Orchard' });
    await joinSpace(server, world.editor, world.hub, space);
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

describe('GET search/ over more matches than it ranks', () => {
  let world: HubWithPeople;
  let space: Space;
  beforeAll(async () => {
    world = await hubWithPeople(server);
    space = await createSpace(server, world.owner, world.hub, { name: 'Many' });
  });

  /** `n` items named `${name} i` with `body`, written in bulk and indexed like indexContent does, each a second newer than the last, after `since` seconds. */
  async function addMany(n: number, name: string, body: string, since: number) {
    await server.db.execute(sql`
      insert into contents (organization_id, space_id, kind, source, name, body, extension, status, created_at)
      select ${world.hub.id}, ${space.id}, 'document', 'upload', ${name} || ' ' || i, ${body}, 'txt', 'ready',
             timestamp '2024-01-01' + (${since} + i) * interval '1 second'
        from generate_series(1, ${n}) as i`);
    await server.db.execute(sql`
      with indexed as (
        select id, setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', body), 'B') as vector
          from contents where space_id = ${space.id} and search_vector is null
      )
      update contents set search_vector = indexed.vector, rank_vector = search_vector_head(indexed.vector, ${RANKED_WORDS})
        from indexed where contents.id = indexed.id`);
  }

  const pageOf = async (q: string, page: number) => {
    const res = await server.get<SearchPage>(`search/?${new URLSearchParams({ q, page: String(page), page_size: '10' })}`, as(world.viewer, world.hub));
    expect(res.status).toBe(200);
    return res.body;
  };

  it('counts up to COUNT_CAP, flags a larger total, and pages through every match without overlap', async () => {
    const n = Math.max(RANKED_CANDIDATES, COUNT_CAP) + 15;
    // The oldest has the word twice in its name: it would rank first, but only the newest RANKED_CANDIDATES are ranked.
    await addMany(1, 'Quince quince', 'Jam.', 0);
    await addMany(n - 1, 'Quince', 'Jam.', 1);
    const last = Math.ceil(n / 10);
    const seen: string[] = [];
    for (let page = 1; page <= last; page++) {
      const body = await pageOf('quince', page);
      expect({ count: body.count, capped: body.count_is_capped }).toEqual({ count: COUNT_CAP, capped: true });
      seen.push(...names(body));
    }
    expect(seen).toHaveLength(n);
    expect(new Set(seen).size).toBe(n);
    // Equal ranks: newest first ("Quince i" is the i-th of the bulk, after the first).
    expect(seen.slice(0, 3)).toEqual([`Quince ${n - 1}`, `Quince ${n - 2}`, `Quince ${n - 3}`]);
    expect(seen.at(-1)).toBe('Quince quince 1');
    expect(await pageOf('quince', last + 1)).toMatchObject({ data: [], count: COUNT_CAP, count_is_capped: true });
  });

  it('ranks a match in the name before newer matches in the opening words of the text, however many those are', async () => {
    await addMany(1, 'Loquat', 'Nothing else.', 5_000);
    await addMany(RANKED_CANDIDATES + 15, 'Basket', 'A loquat basket.', 5_001);
    const body = await pageOf('loquat', 1);
    expect(names(body)).toEqual(['Loquat 1', ...Array.from({ length: 9 }, (_, i) => `Basket ${RANKED_CANDIDATES + 15 - i}`)]);
  });

  it('ranks the matches in the opening words before newer ones found only further on, however many those are', async () => {
    await addMany(1, 'Medlar', 'Nothing else.', 10_000);
    await addMany(5, 'Harvest', 'The medlar tree.', 10_001);
    await addMany(RANKED_CANDIDATES + 15, 'Orchard', `${'filler '.repeat(150)} medlar`, 20_000);
    const body = await pageOf('medlar', 1);
    expect(names(body)).toEqual(['Medlar 1', 'Harvest 5', 'Harvest 4', 'Harvest 3', 'Harvest 2', 'Harvest 1', ...[0, 1, 2, 3].map((i) => `Orchard ${RANKED_CANDIDATES + 15 - i}`)]);
    expect(body.count_is_capped).toBe(true);
    const total = 6 + RANKED_CANDIDATES + 15;
    // The last page: the oldest found only further on.
    const end = await pageOf('medlar', Math.ceil(total / 10));
    expect(names(end).at(-1)).toBe('Orchard 1');
  });
});

import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentKind, ContentStatus } from '../../../lib/contract/contents';
import type { MyHub } from '../../../lib/contract/hubs';
import type { SearchResult } from '../../../lib/contract/search';
import type { Space } from '../../../lib/contract/spaces';
import { contents, searchSpaceWords } from '../../db/schema';
import { savePassages } from '../../domain/passages/save-passages';
import { indexContent } from '../../domain/search/index-content';
import { RANKED_WORDS } from '../../domain/search/search-text';
import { startTestServer, type TestServer } from '../../test/harness';
import { expectClientError } from '../../test/isolation/hostile-values';
import {
  addToSpace, as, createSpace, hubWithPeople, SPACE_NOT_FOUND, type ErrorBody, type HubWithPeople, type Person,
} from '../spaces/space-test-kit';

/*
 * GET search/ over items written straight into `contents` and indexed the
 * way processing indexes them, so the suite depends on search alone.
 */

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface SearchPage { data: SearchResult[]; count: number; page: number; page_size: number; count_is_capped: boolean }

let created = 0;
/** An item in `space`, indexed from its name and text; ready unless told. Each is a second newer than the last. */
async function addItem(
  hub: MyHub,
  space: Space,
  item: { name: string; body?: string | null; kind?: ContentKind; status?: ContentStatus; by?: Person; changedAt?: string },
): Promise<string> {
  const [row] = await server.db.insert(contents).values({
    hubId: hub.id,
    spaceId: space.id,
    kind: item.kind ?? 'document',
    source: 'upload',
    name: item.name,
    extension: 'txt',
    mimeType: 'text/plain',
    status: item.status ?? 'ready',
    body: item.body ?? null,
    createdBy: item.by?.user.id ?? null,
    createdAt: new Date(Date.UTC(2024, 0, 1) + ++created * 1000),
    ...(item.changedAt ? { updatedAt: new Date(item.changedAt) } : {}),
  }).returning({ id: contents.id });
  // Every item is indexed, whatever its status, so only the search's own filters keep some out.
  await indexContent({ db: server.db, hubId: hub.id, contentId: row!.id, name: item.name, body: item.body ?? null });
  return row!.id;
}

function searchPath(q: string, extra: Record<string, string | number> = {}) {
  const params = new URLSearchParams({ q, ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])) });
  return `search/?${params}`;
}

async function search(person: Person, hub: MyHub, q: string, extra: Record<string, string | number> = {}) {
  const res = await server.get<SearchPage>(searchPath(q, extra), as(person, hub));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const ids = (page: SearchPage) => page.data.map((result) => result.content.id);
const snippetText = (result: SearchResult) => result.snippet.map((part) => part.text).join('');
const marked = (result: SearchResult) => result.snippet.filter((part) => part.match).map((part) => part.text);

describe('GET search/ ranking and snippets', () => {
  let world: HubWithPeople;
  let space: Space;
  beforeAll(async () => {
    world = await hubWithPeople(server);
    space = await createSpace(server, world.owner, world.hub, { name: 'Finance' });
  });

  it('ranks a match in the name above one in the text, and more matches above fewer', async () => {
    const once = await addItem(world.hub, space, { name: 'Minutes', body: 'We discussed the budget at length.' });
    const named = await addItem(world.hub, space, { name: 'Budget 2025', body: 'Figures for the coming year.' });
    const twice = await addItem(world.hub, space, { name: 'Plans', body: 'The budget grows; the new budget is tight.' });
    await addItem(world.hub, space, { name: 'Unrelated', body: 'Nothing to see here.' });

    const page = await search(world.viewer, world.hub, 'budget');
    expect(ids(page)).toEqual([named, twice, once]);
    expect(page.count).toBe(3);
    const ranks = page.data.map((result) => result.rank);
    expect(ranks[0]).toBeGreaterThan(ranks[1]!);
    expect(ranks[1]).toBeGreaterThan(ranks[2]!);
    expect(page.data[0]).toMatchObject({ space: { id: space.id, name: 'Finance' }, content: { name: 'Budget 2025', status: 'ready' } });
  });

  it('ranks by the name and the opening words of the text; an item matching only further on is still found, after them', async () => {
    const filler = Array.from({ length: 3 * RANKED_WORDS }, (_, i) => `filler${i}`).join(' ');
    const named = await addItem(world.hub, space, { name: 'Walnut harvest', body: 'Notes.' });
    const opening = await addItem(world.hub, space, { name: 'Recipe', body: `A walnut cake with a walnut on top. ${filler}` });
    // The newest, with by far the most matches, all past the opening.
    const further = await addItem(world.hub, space, { name: 'Archive', body: `${filler} ${'walnut '.repeat(60)}` });

    const page = await search(world.viewer, world.hub, 'walnut');
    expect(ids(page)).toEqual([named, opening, further]);
    expect(page.count).toBe(3);
    expect(page.data[2]!.rank).toBe(0);
    expect(marked(page.data[2]!)).toContain('walnut');
  });

  it('ranks equal matches newest first', async () => {
    const older = await addItem(world.hub, space, { name: 'Ledger one', body: 'an invoice' });
    const newer = await addItem(world.hub, space, { name: 'Ledger two', body: 'an invoice' });
    expect(ids(await search(world.viewer, world.hub, 'invoice'))).toEqual([newer, older]);
  });

  it('cuts a snippet around the first match of a long text and marks every match in it', async () => {
    const filler = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');
    const body = `${filler('alpha', 200)}\n\nThe weekly Meetings moved; every meeting is on Monday.\n${filler('omega', 200)}`;
    const id = await addItem(world.hub, space, { name: 'Calendar', body });

    const [result] = (await search(world.viewer, world.hub, 'meeting')).data;
    expect(result!.content.id).toBe(id);
    expect(marked(result!)).toEqual(['Meetings', 'meeting']);
    const text = snippetText(result!);
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text).toContain('The weekly Meetings moved; every meeting is on Monday. omega0');
    expect(text).not.toContain('\n');
    expect(text.length).toBeLessThanOrEqual(250);
    expect(text.length).toBeGreaterThan(150);
  });

  it('builds the snippet from the name when only the name matches', async () => {
    await addItem(world.hub, space, { name: 'Zanzibar trip', body: 'Flights and hotels.' });
    const [result] = (await search(world.viewer, world.hub, 'zanzibar')).data;
    expect(result!.snippet).toEqual([{ text: 'Zanzibar', match: true }, { text: ' trip', match: false }]);
  });

  it('finds words in other inflections (English stemming) and marks them', async () => {
    const id = await addItem(world.hub, space, { name: 'Agenda', body: 'The meeting starts at noon.' });
    const page = await search(world.viewer, world.hub, 'meetings noon');
    expect(ids(page)).toEqual([id]);
    expect(marked(page.data[0]!)).toEqual(['meeting', 'noon']);
    // Every word must match: one that is absent finds nothing.
    expect((await search(world.viewer, world.hub, 'meetings midnight')).count).toBe(0);
  });
});

describe('GET search/ results open at their passage', () => {
  it('points at the passage that matches best, and cuts the snippet from it; a match in the name alone has none', async () => {
    const world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub, { name: 'Handbook' });
    const body = 'Welcome to the team.\n\n# Travel\n\nBook trains early.\n\n# Equipment\n\nEvery laptop gets a quokka sticker.';
    const id = await addItem(world.hub, space, { name: 'Onboarding', body });
    await savePassages({ db: server.db, hubId: world.hub.id, contentId: id, body });
    const named = await addItem(world.hub, space, { name: 'Quokka facts', body: null });

    const page = await search(world.owner, world.hub, 'quokka');
    const [inName, inText] = page.data;
    expect([inName?.content.id, inText?.content.id]).toEqual([named, id]);
    expect(inName?.passage).toBeNull();
    const passage = inText!.passage!;
    expect(passage.label).toBe('Equipment');
    expect(body.slice(passage.start, passage.end)).toBe('# Equipment\n\nEvery laptop gets a quokka sticker.');
    expect(snippetText(inText!)).toContain('Every laptop gets a quokka sticker.');
    expect(snippetText(inText!)).not.toContain('Book trains');
    expect(snippetText(inText!)).not.toContain('#');
    expect(marked(inText!)).toEqual(['quokka']);
  });
});

describe('the ranking vector', () => {
  it('is the first RANKED_WORDS positions of the search vector, with their weights, whatever the lexemes', async () => {
    const vector = "'o''neil':1A 'back\\\\slash':2B 'x y':3,100C,101 'far':150";
    const { rows } = await server.db.execute<{ head: string }>(sql`select search_vector_head(${vector}::tsvector, 100)::text as head`);
    expect(rows[0]!.head).toBe("'back\\\\slash':2B 'o''neil':1A 'x y':3,100C");
  });

  it('is made from the search vector each time an item is indexed', async () => {
    const world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub);
    const words = Array.from({ length: 2 * RANKED_WORDS }, (_, i) => `word${i}`).join(' ');
    const id = await addItem(world.hub, space, { name: 'First name', body: words });
    await indexContent({ db: server.db, hubId: world.hub.id, contentId: id, name: 'Second name', body: words });
    const [row] = await server.db
      .select({
        same: sql<boolean>`${contents.rankVector} = search_vector_head(${contents.searchVector}, ${RANKED_WORDS})`,
        lexemes: sql<number>`length(${contents.rankVector})`,
        renamed: sql<boolean>`${contents.rankVector} @@ 'second'::tsquery and not ${contents.rankVector} @@ 'first'::tsquery`,
      })
      .from(contents)
      .where(eq(contents.id, id));
    // "name" and "second" at positions 1 and 2 (weight A), then the first words of the text.
    expect(row).toEqual({ same: true, lexemes: RANKED_WORDS, renamed: true });
  });
});

describe('GET search/ across accents and scripts', () => {
  let world: HubWithPeople;
  let space: Space;
  let cafe: string;
  let resume: string;
  let japanese: string;
  let chinese: string;
  beforeAll(async () => {
    world = await hubWithPeople(server);
    space = await createSpace(server, world.owner, world.hub);
    cafe = await addItem(world.hub, space, { name: 'Café menu', body: 'Our CAFÉ serves crème brûlée.' });
    resume = await addItem(world.hub, space, { name: 'Application', body: 'Please attach your resume.' });
    japanese = await addItem(world.hub, space, { name: '議事録', body: '明日の会議は東京本社で行います。資料を準備してください。' });
    chinese = await addItem(world.hub, space, { name: '通知', body: '我们明天在北京开会讨论预算。' });
  });

  it('matches accented Latin without its accents and the other way round', async () => {
    const plain = await search(world.viewer, world.hub, 'cafe');
    expect(ids(plain)).toEqual([cafe]);
    expect(marked(plain.data[0]!)).toEqual(['CAFÉ']);
    expect(ids(await search(world.viewer, world.hub, 'CRÈME brulee'))).toEqual([cafe]);

    const accented = await search(world.viewer, world.hub, 'résumé');
    expect(ids(accented)).toEqual([resume]);
    expect(marked(accented.data[0]!)).toEqual(['resume']);
  });

  it('finds a two-character Japanese word inside a sentence, and not a word that is absent', async () => {
    const found = await search(world.viewer, world.hub, '会議');
    expect(ids(found)).toEqual([japanese]);
    expect(marked(found.data[0]!)).toEqual(['会議']);
    expect(ids(await search(world.viewer, world.hub, '東京本社'))).toEqual([japanese]);
    expect((await search(world.viewer, world.hub, '大阪')).count).toBe(0);
    expect((await search(world.viewer, world.hub, '会社')).count).toBe(0);
  });

  it('finds a two-character Chinese word inside a sentence, and not a word that is absent', async () => {
    const found = await search(world.viewer, world.hub, '北京');
    expect(ids(found)).toEqual([chinese]);
    expect(marked(found.data[0]!)).toEqual(['北京']);
    expect(ids(await search(world.viewer, world.hub, '预算'))).toEqual([chinese]);
    expect((await search(world.viewer, world.hub, '上海')).count).toBe(0);
  });
});

describe('GET search/ filters and paging', () => {
  let world: HubWithPeople;
  let first: Space;
  let second: Space;
  let document: string;
  let contact: string;
  let elsewhere: string;
  beforeAll(async () => {
    world = await hubWithPeople(server);
    first = await createSpace(server, world.owner, world.hub);
    second = await createSpace(server, world.owner, world.hub);
    document = await addItem(world.hub, first, { name: 'Harbour report', body: 'The harbour opens in May.' });
    contact = await addItem(world.hub, first, { name: 'Harbour master', body: 'Works at the harbour.', kind: 'contact' });
    elsewhere = await addItem(world.hub, second, { name: 'Harbour photos', body: 'Pictures of the harbour.', kind: 'document' });
  });

  it('filters by kind', async () => {
    expect(ids(await search(world.viewer, world.hub, 'harbour', { kind: 'contact' }))).toEqual([contact]);
    expect(new Set(ids(await search(world.viewer, world.hub, 'harbour', { kind: 'document' })))).toEqual(new Set([document, elsewhere]));
    expect((await search(world.viewer, world.hub, 'harbour', { kind: 'image' })).count).toBe(0);
    const wrong = await server.get<ErrorBody>(searchPath('harbour', { kind: 'spreadsheet' }), as(world.viewer, world.hub));
    expect(wrong.status).toBe(400);
  });

  it('filters by space, and answers 404 for a space the caller cannot read', async () => {
    expect(new Set(ids(await search(world.viewer, world.hub, 'harbour', { space_id: first.id })))).toEqual(new Set([document, contact]));
    expect(ids(await search(world.viewer, world.hub, 'harbour', { space_id: second.id, kind: 'document' }))).toEqual([elsewhere]);

    const hidden = await createSpace(server, world.owner, world.hub, { visibility: 'shared' });
    await addItem(world.hub, hidden, { name: 'Harbour secrets' });
    const other = await hubWithPeople(server);
    const foreign = await createSpace(server, other.owner, other.hub);
    for (const spaceId of [hidden.id, foreign.id, 'not-a-uuid', '11111111-1111-4111-8111-111111111111']) {
      const res = await server.get<ErrorBody>(searchPath('harbour', { space_id: spaceId }), as(world.viewer, world.hub));
      expect({ spaceId, status: res.status, body: res.body }).toEqual({ spaceId, status: 404, body: SPACE_NOT_FOUND });
    }
  });

  it('pages 10 at a time with the total, without overlap, and answers an empty page past the end', async () => {
    const space = await createSpace(server, world.owner, world.hub);
    const added: string[] = [];
    for (let i = 0; i < 23; i++) added.push(await addItem(world.hub, space, { name: `Log ${i}`, body: 'a zephyr passed' }));
    const seen: string[] = [];
    const sizes: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await search(world.viewer, world.hub, 'zephyr', { page });
      expect(res).toMatchObject({ count: 23, page, page_size: 10 });
      seen.push(...ids(res));
      sizes.push(res.data.length);
    }
    expect(sizes).toEqual([10, 10, 3]);
    // Equal ranks: newest first, so the insertion order reversed.
    expect(seen).toEqual([...added].reverse());
    expect(await search(world.viewer, world.hub, 'zephyr', { page: 4 })).toEqual({ data: [], count: 23, page: 4, page_size: 10, count_is_capped: false });
    expect(ids(await search(world.viewer, world.hub, 'zephyr', { page_size: 5, page: 2 }))).toEqual(seen.slice(5, 10));
  });

  it('finds nothing for a query with nothing to look for', async () => {
    for (const q of ['the and of', '!!! ??? ...', '-harbour', '"" -- ()']) {
      expect(await search(world.viewer, world.hub, q)).toEqual({ data: [], count: 0, page: 1, page_size: 10, count_is_capped: false });
    }
    for (const q of ['', '   ']) {
      const res = await server.get<ErrorBody>(searchPath(q), as(world.viewer, world.hub));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
    expect((await server.get<ErrorBody>('search/', as(world.viewer, world.hub))).status).toBe(400);
  });
});

describe('GET search/ by author and date', () => {
  let world: HubWithPeople;
  let space: Space;
  let hidden: Space;
  let lastMinute: string;
  let midnight: string;
  let later: string;
  let secret: string;
  beforeAll(async () => {
    world = await hubWithPeople(server);
    space = await createSpace(server, world.owner, world.hub);
    hidden = await createSpace(server, world.owner, world.hub, { visibility: 'shared' });
    lastMinute = await addItem(world.hub, space, { name: 'Lantern one', by: world.editor, changedAt: '2024-03-01T23:59:59.999Z' });
    midnight = await addItem(world.hub, space, { name: 'Lantern two', by: world.owner, changedAt: '2024-03-02T00:00:00Z' });
    later = await addItem(world.hub, space, { name: 'Lantern three', by: world.editor, changedAt: '2024-03-05T12:00:00Z', kind: 'contact' });
    secret = await addItem(world.hub, hidden, { name: 'Lantern secret', by: world.owner, changedAt: '2024-03-02T08:00:00Z' });
  });

  const found = async (person: Person, filters: Record<string, string>) =>
    new Set(ids(await search(person, world.hub, 'lantern', filters)));

  it('filters by who added the item', async () => {
    expect(await found(world.viewer, { author_id: world.editor.user.id })).toEqual(new Set([lastMinute, later]));
    expect(await found(world.viewer, { author_id: world.owner.user.id })).toEqual(new Set([midnight]));
    expect(await found(world.owner, { author_id: world.owner.user.id })).toEqual(new Set([midnight, secret]));
  });

  it('finds nothing for an author who added nothing here, is unknown, or is not an id, as for any other', async () => {
    const other = await hubWithPeople(server);
    for (const author of [world.viewer.user.id, other.owner.user.id, '11111111-1111-4111-8111-111111111111', 'not-a-uuid']) {
      expect({ author, page: await search(world.viewer, world.hub, 'lantern', { author_id: author }) })
        .toEqual({ author, page: { data: [], count: 0, page: 1, page_size: 10, count_is_capped: false } });
    }
  });

  it('filters by the whole UTC days the item was last changed on, both ends included', async () => {
    expect(await found(world.viewer, { from: '2024-03-02' })).toEqual(new Set([midnight, later]));
    expect(await found(world.viewer, { to: '2024-03-01' })).toEqual(new Set([lastMinute]));
    expect(await found(world.viewer, { from: '2024-03-02', to: '2024-03-02' })).toEqual(new Set([midnight]));
    expect(await found(world.viewer, { from: '2024-03-01', to: '2024-03-05' })).toEqual(new Set([lastMinute, midnight, later]));
    expect(await found(world.viewer, { from: '2024-03-06' })).toEqual(new Set());
    const refused: Array<Record<string, string>> = [{ from: '2024-03-05', to: '2024-03-01' }, { from: '2024-02-30' }, { to: 'yesterday' }];
    for (const dates of refused) {
      const res = await server.get<ErrorBody>(searchPath('lantern', dates), as(world.viewer, world.hub));
      expect({ dates, status: res.status, code: res.body.code }).toEqual({ dates, status: 400, code: 'validation_error' });
    }
  });

  it('combines every filter, and with the query and the spaces', async () => {
    expect(await found(world.viewer, { author_id: world.editor.user.id, from: '2024-03-02' })).toEqual(new Set([later]));
    expect(await found(world.viewer, { author_id: world.editor.user.id, to: '2024-03-04', kind: 'contact' })).toEqual(new Set());
    expect(await found(world.viewer, { author_id: world.editor.user.id, kind: 'contact', space_id: space.id })).toEqual(new Set([later]));
    expect(ids(await search(world.viewer, world.hub, 'lantern three', { author_id: world.editor.user.id, from: '2024-03-05' }))).toEqual([later]);
    expect((await search(world.viewer, world.hub, 'lantern one', { author_id: world.owner.user.id })).count).toBe(0);
  });

  it('never reveals an item of a space the caller cannot read, whatever the filters', async () => {
    const exact = { author_id: world.owner.user.id, from: '2024-03-02', to: '2024-03-02' };
    expect(await found(world.owner, exact)).toEqual(new Set([midnight, secret]));
    const page = await search(world.viewer, world.hub, 'lantern', exact);
    expect({ ids: ids(page), count: page.count }).toEqual({ ids: [midnight], count: 1 });
    expect((await search(world.viewer, world.hub, 'secret', exact)).count).toBe(0);
    // Nor through a correction toward its words.
    expect((await search(world.viewer, world.hub, 'secrat', exact)).count).toBe(0);
  });
});

describe('GET search/ while typing and with typos', () => {
  let world: HubWithPeople;
  let space: Space;
  let budget: string;
  let kangaroo: string;
  beforeAll(async () => {
    world = await hubWithPeople(server);
    space = await createSpace(server, world.owner, world.hub);
    budget = await addItem(world.hub, space, { name: 'Quarterly budget', body: 'The budgeting round starts in March.' });
    await addItem(world.hub, space, { name: 'Plan', body: 'A plan for the year.' });
    await addItem(world.hub, space, { name: 'Planetarium visit', body: 'Stars and planets.' });
    kangaroo = await addItem(world.hub, space, { name: 'Wildlife log', body: 'A kangaroo crossed the road at dawn.' });
  });

  it('reads the last word also as the start of a word, whole words first', async () => {
    const started = await search(world.viewer, world.hub, 'budg');
    expect(ids(started)).toEqual([budget]);
    expect(marked(started.data[0]!)).toEqual(['budgeting']);
    expect(ids(await search(world.viewer, world.hub, 'quarterly bud'))).toEqual([budget]);
    expect((await search(world.viewer, world.hub, 'plan')).data.map((result) => result.content.name)).toEqual(['Plan', 'Planetarium visit']);
    // Too short to guess from; and after "or" the word is whole, or "or" would turn into "and".
    expect((await search(world.viewer, world.hub, 'bu')).count).toBe(0);
    expect(ids(await search(world.viewer, world.hub, 'kangaroo or budg'))).toEqual([kangaroo]);
  });

  it('finds a file by the words of its name and their starts, however the name joins them', async () => {
    const spec = await addItem(world.hub, space, { name: 'engine-spec.pdf', body: 'Torque figures.' });
    const roadmap = await addItem(world.hub, space, { name: 'road_map.v2.md', body: 'Milestones.' });
    const camel = await addItem(world.hub, space, { name: 'LaunchChecklist.docx', body: 'Items.' });
    for (const q of ['spec', 'engine spec', 'engine-spec', 'engine-spec.pdf', 'engine_spec', 'eng', 'engine spe']) {
      expect(ids(await search(world.viewer, world.hub, q)), q).toEqual([spec]);
    }
    expect(ids(await search(world.viewer, world.hub, 'road map'))).toEqual([roadmap]);
    expect(ids(await search(world.viewer, world.hub, 'checklist'))).toEqual([camel]);
    expect(ids(await search(world.viewer, world.hub, 'launch check'))).toEqual([camel]);
    expect(marked((await search(world.viewer, world.hub, 'spec')).data[0]!)).toContain('spec');
  });

  it("replaces a misspelt word by the hub's most similar word when nothing else matches", async () => {
    const corrected = await search(world.viewer, world.hub, 'kangeroo');
    expect(ids(corrected)).toEqual([kangaroo]);
    expect(marked(corrected.data[0]!)).toEqual(['kangaroo']);
    expect(ids(await search(world.viewer, world.hub, 'kangeroo crossed'))).toEqual([kangaroo]);
    // Only this hub's words, and only what the caller may read, are found through a correction.
    const other = await hubWithPeople(server);
    await addItem(other.hub, await createSpace(server, other.owner, other.hub), { name: 'Platypus facts', body: 'platypus' });
    expect((await search(world.viewer, world.hub, 'platipus')).count).toBe(0);
    const hidden = await createSpace(server, world.owner, world.hub, { visibility: 'shared' });
    await addItem(world.hub, hidden, { name: 'Wombat burrows', body: 'wombat' });
    expect((await search(world.viewer, world.hub, 'wombet')).count).toBe(0);
    expect(ids(await search(world.owner, world.hub, 'wombet'))).toHaveLength(1);
  });

  it('never corrects toward, nor because of, a word found only in a space the caller cannot read', async () => {
    const hidden = await createSpace(server, world.editor, world.hub, { visibility: 'private' });
    const codename = await addItem(world.hub, hidden, { name: 'Project Kangarooba', body: 'kangarooba', by: world.editor });
    await addItem(world.hub, hidden, { name: 'Xylophonist', body: 'xylophonist', by: world.editor });
    // To anyone else the hidden word and a misspelling of it read like a word that exists nowhere: corrected toward what they may read.
    const nowhere = await search(world.viewer, world.hub, 'kangaroopa');
    expect(ids(nowhere)).toEqual([kangaroo]);
    expect(await search(world.viewer, world.hub, 'kangarooba')).toEqual(nowhere);
    expect(await search(world.viewer, world.hub, 'kangaroobo')).toEqual(nowhere);
    // With nothing they may read near it: no result, as for a word that exists nowhere.
    const nothing = await search(world.viewer, world.hub, 'xylophonast');
    expect(nothing.count).toBe(0);
    expect(await search(world.viewer, world.hub, 'xylophonist')).toEqual(nothing);
    expect(await search(world.viewer, world.hub, 'xylophonest')).toEqual(nothing);
    // Those who may read the space are corrected toward it.
    expect(ids(await search(world.editor, world.hub, 'kangaroobo'))).toEqual([codename]);
    expect(ids(await search(world.owner, world.hub, 'kangaroobo'))).toEqual([codename]);
  });
});

describe('the word list typos are corrected from', () => {
  it("holds each space's words while an item there has them: they follow an item that is indexed again, moves or goes", async () => {
    const world = await hubWithPeople(server);
    const open = await createSpace(server, world.owner, world.hub);
    const closed = await createSpace(server, world.owner, world.hub, { visibility: 'private' });
    const wordsOf = (space: Space) => server.db
      .select({ word: searchSpaceWords.word, items: searchSpaceWords.items })
      .from(searchSpaceWords)
      .where(and(eq(searchSpaceWords.hubId, world.hub.id), eq(searchSpaceWords.spaceId, space.id)))
      .orderBy(searchSpaceWords.word);
    const id = await addItem(world.hub, open, { name: 'Ocelot', body: 'ocelot margay' });
    await addItem(world.hub, open, { name: 'Margay' });
    expect(await wordsOf(open)).toEqual([{ word: 'margay', items: 2 }, { word: 'ocelot', items: 1 }]);
    await indexContent({ db: server.db, hubId: world.hub.id, contentId: id, name: 'Ocelot', body: 'serval' });
    expect(await wordsOf(open)).toEqual([{ word: 'margay', items: 1 }, { word: 'ocelot', items: 1 }, { word: 'serval', items: 1 }]);
    await server.db.update(contents).set({ spaceId: closed.id }).where(eq(contents.id, id));
    expect(await wordsOf(open)).toEqual([{ word: 'margay', items: 1 }]);
    expect(await wordsOf(closed)).toEqual([{ word: 'ocelot', items: 1 }, { word: 'serval', items: 1 }]);
    await server.db.delete(contents).where(eq(contents.id, id));
    expect(await wordsOf(closed)).toEqual([]);
  });
});

describe('GET search/ shows only what the caller may read', () => {
  let world: HubWithPeople;
  beforeAll(async () => { world = await hubWithPeople(server); });

  it('leaves out shared spaces the caller is not a member of, until they are', async () => {
    const shared = await createSpace(server, world.owner, world.hub, { visibility: 'shared' });
    const id = await addItem(world.hub, shared, { name: 'Merger plan', body: 'Confidential merger terms.' });
    expect(ids(await search(world.owner, world.hub, 'merger'))).toEqual([id]);
    expect((await search(world.viewer, world.hub, 'merger')).count).toBe(0);
    expect((await search(world.editor, world.hub, 'merger')).count).toBe(0);
    await addToSpace(server, world.owner, world.hub, shared, world.viewer, 'viewer');
    expect(ids(await search(world.viewer, world.hub, 'merger'))).toEqual([id]);
  });

  it("leaves out someone else's private space (the hub owner sees it)", async () => {
    const mine = await createSpace(server, world.editor, world.hub, { visibility: 'private' });
    const id = await addItem(world.hub, mine, { name: 'Diary', body: 'My private walrus thoughts.', by: world.editor });
    expect(ids(await search(world.editor, world.hub, 'walrus'))).toEqual([id]);
    expect(ids(await search(world.owner, world.hub, 'walrus'))).toEqual([id]);
    expect((await search(world.viewer, world.hub, 'walrus')).count).toBe(0);
  });

  it('leaves out archived spaces', async () => {
    const space = await createSpace(server, world.owner, world.hub);
    const id = await addItem(world.hub, space, { name: 'Old notes', body: 'The pelican project.' });
    expect(ids(await search(world.viewer, world.hub, 'pelican'))).toEqual([id]);
    expect((await server.post(`spaces/${space.id}/archive/`, {}, as(world.owner, world.hub))).status).toBe(200);
    expect((await search(world.owner, world.hub, 'pelican')).count).toBe(0);
    expect((await search(world.owner, world.hub, 'pelican', { space_id: space.id })).count).toBe(0);
  });

  it('never shows items that are not ready', async () => {
    const space = await createSpace(server, world.owner, world.hub);
    for (const status of ['queued', 'processing', 'failed'] as const) {
      await addItem(world.hub, space, { name: `Iguana ${status}`, body: 'iguana', status });
    }
    expect((await search(world.owner, world.hub, 'iguana')).count).toBe(0);
    const ready = await addItem(world.hub, space, { name: 'Iguana ready', body: 'iguana' });
    expect(ids(await search(world.owner, world.hub, 'iguana'))).toEqual([ready]);
  });

  it("never shows another hub's items, and refuses that hub's handle to a non-member", async () => {
    const other = await hubWithPeople(server);
    const space = await createSpace(server, other.owner, other.hub);
    const id = await addItem(other.hub, space, { name: 'Narwhal census', body: 'narwhal' });
    expect(ids(await search(other.viewer, other.hub, 'narwhal'))).toEqual([id]);

    expect((await search(world.owner, world.hub, 'narwhal')).count).toBe(0);
    const res = await server.get<ErrorBody>(searchPath('narwhal'), as(world.owner, other.hub));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'That hub was not found.', code: 'not_found' });
    expect(JSON.stringify(res.body)).not.toContain(id);
  });

  it('needs a signed-in caller', async () => {
    const res = await server.get<ErrorBody>(searchPath('narwhal'), { hubHandle: world.hub.domain_handle });
    expect(res.status).toBe(401);
  });
});

describe('GET search/ with hostile queries', () => {
  let world: HubWithPeople;
  beforeAll(async () => {
    world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub);
    await addItem(world.hub, space, { name: 'Syntax', body: "alpha & beta | gamma ! (delta) epsilon:* zeta'eta \"theta\" <-> iota \\ kappa" });
  });

  const tsquerySyntax = fc.string({ unit: fc.constantFrom(...'!&|():*\'"\\<->- abé会議'.split('')), maxLength: 80 });
  // Words of the item among operators, so hostile queries also reach matches and their snippets.
  const wordsAndSyntax = fc.array(fc.constantFrom('alpha', 'theta', 'kappa', 'iota', '&', '|', '!', '-', '"', "'", '(', ')', ':*', '<->', '\\', 'or'), { minLength: 1, maxLength: 8 })
    .chain((pieces) => fc.constantFrom(' ', '').map((glue) => pieces.join(glue)));
  const query = fc.oneof(
    wordsAndSyntax,
    tsquerySyntax,
    fc.string({ unit: 'grapheme', maxLength: 120 }),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.constantFrom('a'.repeat(200), 'a'.repeat(201), '会'.repeat(200), 'x '.repeat(5000), "'; DROP TABLE contents; --", '\\', "'", '"'),
  );

  it('never answers 5xx; an accepted query answers a list, a refused one the error envelope', async () => {
    let found = 0;
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await server.get<SearchPage>(searchPath(q.replace(/\p{Cs}/gu, '\ufffd')), as(world.viewer, world.hub));
        if (res.status === 200) {
          expect(res.body).toMatchObject({ data: expect.any(Array), count: expect.any(Number) });
          if (res.body.count > 0) found++;
        } else {
          expectClientError(res.status, res.body);
        }
      }),
      { numRuns: 150 },
    );
    // The generators must reach real matches, or the snippet side of a hostile query goes untested.
    expect(found).toBeGreaterThan(5);
  });

  it('reads tsquery operators as plain words', async () => {
    for (const q of ['!&|():*\'"', "epsilon:* zeta'eta", 'alpha & beta | gamma', '(delta)']) {
      const res = await server.get<SearchPage>(searchPath(q), as(world.viewer, world.hub));
      expect({ q, status: res.status }).toEqual({ q, status: 200 });
    }
    expect((await search(world.viewer, world.hub, '(delta) & <-> !iota')).count).toBe(1);
  });
});

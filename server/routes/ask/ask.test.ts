import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_ANSWER, type UnansweredQuestion } from '../../../lib/contract/ask';
import type { Space } from '../../../lib/contract/spaces';
import { askQuestions } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { addHubMember, as, createSpace, hubWithPeople, joinSpace, type HubWithPeople } from '../spaces/space-test-kit';
import { addNote, answerOf, ask, askRaw } from './ask-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ askRateLimitPerMinute: 1_000 }); });
afterAll(async () => { await server.close(); });

interface UnansweredPage { data: UnansweredQuestion[]; count: number; page: number; page_size: number }

const FILLER = [
  ['Office hours', 'The office opens at eight in the morning. The doors close at six in the evening on weekdays.'],
  ['Lunch', 'Lunch is served in the canteen between noon and two. Vegetarian dishes are offered every day.'],
  ['Travel', 'Train tickets are booked through the travel desk. Receipts go to finance within a month.'],
] as const;

/** A hub with its people, a public space holding the filler notes and `notes` (written by its editor, who joined it), and their ids by title. */
async function hubWithNotes(notes: Array<[title: string, body: string]>) {
  const world = await hubWithPeople(server);
  const space = await createSpace(server, world.owner, world.hub, { name: 'Handbook' });
  await joinSpace(server, world.editor, world.hub, space);
  const ids = new Map<string, string>();
  for (const [title, body] of [...FILLER, ...notes]) ids.set(title, await addNote(server, world.editor, world.hub, space, title, body));
  return { ...world, space, ids };
}

describe('POST ask/', () => {
  let world: HubWithPeople & { space: Space; ids: Map<string, string> };
  beforeAll(async () => {
    world = await hubWithNotes([
      ['Parking', 'Staff parking is in the north garage under the library. A parking permit costs 12 euros a month and is renewed every January.'],
      ['Falcon kit', 'The Falcon kit is our beginner drone, sold with two spare propellers. The Falcon kit costs 40 euros in the web shop.'],
      ['Heron kit', 'The Heron kit is the professional drone with a thermal camera. The Heron kit costs 550 euros and ships from Lyon.'],
    ]);
  });

  it('streams start, sources, each cited sentence and done, citing the note that holds the answer', async () => {
    const asked = await ask(server, world.viewer, world.hub, { question: 'How much does a parking permit cost?' });
    expect(asked.status).toBe(200);
    expect(asked.contentType).toMatch(/^application\/x-ndjson/);
    const answer = answerOf(asked);
    expect(answer.types[0]).toBe('start');
    expect(answer.types[1]).toBe('sources');
    expect(answer.types.at(-1)).toBe('done');
    expect(answer.types.slice(2, -1).every((type) => type === 'sentence')).toBe(true);
    expect(answer.answered).toBe(true);
    expect(answer.text).toContain('12 euros a month');
    expect(answer.sources.map((s) => s.n)).toEqual(answer.sources.map((_, i) => i + 1));
    const parking = answer.sources.find((s) => s.content.id === world.ids.get('Parking'));
    expect(parking).toMatchObject({ content: { name: 'Parking', kind: 'general' }, space: { id: world.space.id, name: 'Handbook' } });
    for (const sentence of answer.sentences) {
      expect(sentence.citations.length).toBeGreaterThan(0);
      // Each cited passage holds the sentence it is cited for.
      for (const n of sentence.citations) expect(answer.sources.find((s) => s.n === n)!.excerpt).toContain(sentence.text.replace(/…$/, ''));
    }
    const cited = new Set(answer.sentences.flatMap((s) => s.citations));
    expect(answer.sources.every((s) => cited.has(s.n))).toBe(true);

    const [stored] = await server.db.select().from(askQuestions).where(eq(askQuestions.id, answer.start!.question_id));
    expect(stored).toMatchObject({ question: 'How much does a parking permit cost?', answered: true, conversationId: answer.start!.question_id, feedback: null });
    expect(stored!.answer).toContain('12 euros a month');
    expect(stored!.citations).toEqual(answer.sources.map((s) => ({ n: s.n, contentId: s.content.id, position: s.passage.position })));
  });

  it("shows a source's sentences without its headings, which its label names", async () => {
    const notes = await hubWithNotes([['Travel', '# Expenses\n\nKeep every receipt. Hotel nights are covered up to 140 euros in Lisbon.']]);
    const answer = answerOf(await ask(server, notes.viewer, notes.hub, { question: 'How much is a hotel night in Lisbon?' }));
    expect(answer.sources[0]).toMatchObject({
      excerpt: 'Keep every receipt. Hotel nights are covered up to 140 euros in Lisbon.', passage: { label: 'Expenses' },
    });
  });

  it('says it could not find an answer the notes do not support, with no source', async () => {
    const answer = answerOf(await ask(server, world.viewer, world.hub, { question: 'Which airline flies the company zeppelin to Oslo?' }));
    expect(answer.sources).toEqual([]);
    expect(answer.sentences).toEqual([{ type: 'sentence', text: NOT_FOUND_ANSWER, citations: [] }]);
    expect(answer.answered).toBe(false);
  });

  it('reads a short follow-up with the conversation before it', async () => {
    const first = answerOf(await ask(server, world.editor, world.hub, { question: 'What is the Heron kit?' }));
    expect(first.text).toContain('thermal camera');
    const conversation = first.start!.conversation_id;
    const followUp = answerOf(await ask(server, world.editor, world.hub, { question: 'And what does it cost?', conversation_id: conversation }));
    expect(followUp.start!.conversation_id).toBe(conversation);
    expect(followUp.text).toContain('550 euros');
    // Of everything that costs something, only what the conversation is about.
    expect(followUp.sources.map((s) => s.content.name)).toEqual(['Heron kit']);
  });

  it('refuses a conversation that is not the asker\'s own in this hub with 404', async () => {
    const first = answerOf(await ask(server, world.editor, world.hub, { question: 'What is the Falcon kit?' }));
    for (const conversation_id of [first.start!.conversation_id, crypto.randomUUID()]) {
      const asked = await ask(server, world.viewer, world.hub, { question: 'And its price?', conversation_id });
      expect(asked.status).toBe(404);
      expect(asked.error).toMatchObject({ code: 'not_found' });
    }
  });

  it('answers from one space with space_id, and 404s a space the asker may not see', async () => {
    const other = await createSpace(server, world.owner, world.hub, { name: 'Lab' });
    await addNote(server, world.owner, world.hub, other, 'Lab parking', 'Lab visitors park their bicycles in the courtyard rack.');
    const answer = answerOf(await ask(server, world.viewer, world.hub, { question: 'Where do lab visitors park?', space_id: other.id }));
    expect(answer.sources.map((s) => s.space.id)).toEqual([other.id]);
    const hidden = await createSpace(server, world.owner, world.hub, { name: 'Board', visibility: 'private' });
    for (const space_id of [hidden.id, 'not-a-space']) {
      const asked = await ask(server, world.viewer, world.hub, { question: 'Where do lab visitors park?', space_id });
      expect(asked.status).toBe(404);
      expect(asked.error).toEqual({ message: 'That space was not found.', code: 'not_found' });
    }
  });

  it('validates the question like every endpoint', async () => {
    const empty = await ask(server, world.viewer, world.hub, { question: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.error).toMatchObject({ code: 'validation_error', errors: { question: ['Please enter a question'] } });
    // Quotes, backslashes and tsquery operators are words or nothing, never syntax.
    for (const question of ["parking's \\ permit' & | ! <-> :* (cost)", '\\\\', "'", '東京 parking']) {
      const asked = await ask(server, world.viewer, world.hub, { question });
      expect({ question, status: asked.status, last: asked.events.at(-1)?.type }).toEqual({ question, status: 200, last: 'done' });
    }
    const long = await ask(server, world.viewer, world.hub, { question: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.error?.errors?.question).toBeDefined();
  });

  it('answers only a signed-in member of the hub', async () => {
    const body = { question: 'How much does a parking permit cost?' };
    expect((await askRaw(server, { 'Org-Handle': world.hub.domain_handle }, body)).status).toBe(401);
    expect((await askRaw(server, { Authorization: 'JWT not.a.token', 'Org-Handle': world.hub.domain_handle }, body)).status).toBe(401);
    const outsider = await hubWithPeople(server);
    const asked = await ask(server, outsider.owner, world.hub, body);
    expect(asked.status).toBe(404);
    expect(asked.error).toEqual({ message: 'That hub was not found.', code: 'not_found' });
  });
});

describe('POST ask/{id}/feedback/', () => {
  it('lets the asker rate their own answer, and answers 404 to anyone else', async () => {
    const world = await hubWithNotes([]);
    const id = answerOf(await ask(server, world.viewer, world.hub, { question: 'When is lunch served?' })).start!.question_id;
    const path = `ask/${id}/feedback/`;
    expect((await server.post(path, { helpful: false }, as(world.viewer, world.hub))).status).toBe(200);
    expect((await server.post(path, { helpful: true }, as(world.viewer, world.hub))).status).toBe(200);
    const [row] = await server.db.select({ feedback: askQuestions.feedback }).from(askQuestions).where(eq(askQuestions.id, id));
    expect(row?.feedback).toBe(1);
    for (const other of [world.owner, world.editor]) {
      expect((await server.post(path, { helpful: false }, as(other, world.hub))).body).toMatchObject({ code: 'not_found' });
    }
    expect((await server.post('ask/not-an-id/feedback/', { helpful: true }, as(world.viewer, world.hub))).status).toBe(404);
    expect((await server.post(path, { helpful: 'yes' }, as(world.viewer, world.hub))).status).toBe(400);
    expect((await server.post(path, { helpful: true })).status).toBe(401);
    const [after] = await server.db.select({ feedback: askQuestions.feedback }).from(askQuestions).where(eq(askQuestions.id, id));
    expect(after?.feedback).toBe(1);
  });
});

describe('GET ask/unanswered/', () => {
  it('lists the hub\'s unanswered questions to its owners, newest first, page by page', async () => {
    const world = await hubWithNotes([]);
    const elsewhere = await hubWithNotes([]);
    await ask(server, elsewhere.viewer, elsewhere.hub, { question: 'Who maintains the zeppelin hangar?' });
    await ask(server, world.viewer, world.hub, { question: 'When is lunch served?' });
    const space = (await server.get<{ data: Space[] }>('spaces/', as(world.owner, world.hub))).body.data[0]!;
    for (const question of ['Who maintains the zeppelin hangar?', 'What is the wifi password?', 'Where is the piano stored?']) {
      await ask(server, world.editor, world.hub, { question, space_id: space.id });
    }
    const first = await server.get<UnansweredPage>('ask/unanswered/?page_size=2', as(world.owner, world.hub));
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(3);
    expect(first.body.data.map((q) => q.question)).toEqual(['Where is the piano stored?', 'What is the wifi password?']);
    expect(first.body.data[0]!.space).toEqual({ id: space.id, name: space.name });
    const second = await server.get<UnansweredPage>('ask/unanswered/?page_size=2&page=2', as(world.owner, world.hub));
    expect(second.body.data.map((q) => q.question)).toEqual(['Who maintains the zeppelin hangar?']);

    for (const person of [world.editor, world.viewer]) {
      expect((await server.get('ask/unanswered/', as(person, world.hub))).status).toBe(403);
    }
    expect((await server.get('ask/unanswered/', { hubHandle: world.hub.domain_handle })).status).toBe(401);
    expect((await server.get('ask/unanswered/', as(elsewhere.owner, world.hub))).status).toBe(404);
  });
});

describe('permissions: an answer planted in a private space', () => {
  const SECRET = 'The vault code for the archive room is 7341-ZETA, changed every quarter by the controller.';
  const question = 'What is the vault code for the archive room?';
  // Words found nowhere in the hub, the same shape of question.
  const nowhere = 'What is the quorble token for the snazzle lobby?';

  it('never reaches a member who may not read the space: no answer, source, citation, text or timing difference', async () => {
    const world = await hubWithNotes([]);
    const outsider = await addHubMember(server, world.hub, 'editor', 'Hub Member');
    const vault = await createSpace(server, world.owner, world.hub, { name: 'Vault', visibility: 'private' });
    const secretId = await addNote(server, world.owner, world.hub, vault, 'Archive room', SECRET);

    // The plant works: the owner, who may read the space, gets it.
    const seen = answerOf(await ask(server, world.owner, world.hub, { question }));
    expect(seen.text).toContain('7341-ZETA');
    expect(seen.sources.map((s) => s.content.id)).toContain(secretId);

    for (const person of [world.editor, world.viewer, outsider]) {
      const asked = await ask(server, person, world.hub, { question });
      const raw = JSON.stringify(asked.events);
      const answer = answerOf(asked);
      expect(answer.answered).toBe(false);
      expect(answer.sources).toEqual([]);
      expect(answer.sentences).toEqual([{ type: 'sentence', text: NOT_FOUND_ANSWER, citations: [] }]);
      for (const leak of ['7341', 'ZETA', secretId, vault.id, 'Vault', 'Archive room']) expect(raw).not.toContain(leak);
    }
    const [stored] = await server.db.select().from(askQuestions)
      .where(and(eq(askQuestions.userId, outsider.user.id), eq(askQuestions.question, question)));
    expect(stored).toMatchObject({ answered: false, citations: [] });

    // The private passages are excluded by the SQL condition on the asker's spaces inside every statement,
    // before any term is counted or any passage ranked: the planted question and one about words found
    // nowhere do the same work (count terms that match nothing readable, rank nothing), so their times differ
    // only by noise. Medians of interleaved runs, with a bound far above the noise and far below what
    // reading, ranking and citing a passage would add on a loaded test machine.
    const planted: number[] = [];
    const absent: number[] = [];
    for (let run = 0; run < 17; run += 1) {
      planted.push((await ask(server, outsider, world.hub, { question })).ms);
      absent.push((await ask(server, outsider, world.hub, { question: nowhere })).ms);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(Math.abs(median(planted) - median(absent))).toBeLessThan(Math.max(15, 0.5 * median(absent)));
  });
});

describe('rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => { limited = await startTestServer({ askRateLimitPerMinute: 2 }); });
  afterAll(async () => { await limited.close(); });

  it('answers 429 with the error envelope once a person has asked too often, counted per person', async () => {
    const world = await hubWithPeople(limited);
    const body = { question: 'When is lunch served?' };
    expect((await ask(limited, world.viewer, world.hub, body)).status).toBe(200);
    expect((await ask(limited, world.viewer, world.hub, body)).status).toBe(200);
    const refused = await ask(limited, world.viewer, world.hub, body);
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/^Too many questions/) });
    expect((await ask(limited, world.editor, world.hub, body)).status).toBe(200);
  });
});

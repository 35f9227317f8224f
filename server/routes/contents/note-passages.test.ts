import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passageLabel } from '../../../lib/contract/passages';
import { contentPassages } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, createSpace, hubWithPeople, joinSpace } from '../spaces/space-test-kit';
import type { ItemBody } from './content-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

async function passages(contentId: string) {
  const rows = await server.db
    .select()
    .from(contentPassages)
    .where(eq(contentPassages.contentId, contentId))
    .orderBy(asc(contentPassages.position));
  return rows.map((p) => [passageLabel(p.location), p.bodyStart, p.bodyEnd, p.text]);
}

describe('passages of notes and contacts', () => {
  it('cuts a note under its headings, and replaces its passages when it is rewritten', async () => {
    const world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub);
    await joinSpace(server, world.editor, world.hub, space);
    const body = 'Agenda for the day.\n\n# Morning\n\nKayaking at nine.\n\n## Lunch\n\nPicnic on the beach.';
    const created = await server.post<ItemBody>(`spaces/${space.id}/contents/notes/`, { title: 'Offsite', body }, as(world.editor, world.hub));
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(await passages(id)).toEqual([
      ['', 0, 19, 'Agenda for the day.'],
      ['Morning', 21, 49, '# Morning\n\nKayaking at nine.'],
      ['Morning › Lunch', 51, 81, '## Lunch\n\nPicnic on the beach.'],
    ]);

    const updated = await server.patch<ItemBody>(
      `spaces/${space.id}/contents/${id}/note/`, { title: 'Offsite', body: 'Cancelled: rain.' }, as(world.editor, world.hub),
    );
    expect(updated.status).toBe(200);
    expect(await passages(id)).toEqual([['', 0, 16, 'Cancelled: rain.']]);
  });

  it('gives a contact from the form one passage', async () => {
    const world = await hubWithPeople(server);
    const space = await createSpace(server, world.owner, world.hub);
    await joinSpace(server, world.editor, world.hub, space);
    const res = await server.post<ItemBody>(
      `spaces/${space.id}/contents/contacts/`,
      {
        name: 'Grace Hopper', email: 'grace@navy.example', contact_number: '+1 555 010 9999', occupation: 'Rear admiral',
        address: '1 Harbour Road, Arlington',
        // Long enough to be cut in two were it not a contact; a "#" line is no heading here.
        about: `# Career\n\n${'Wrote the first compiler and found a moth in the relay. '.repeat(30)}`.trim(),
      },
      as(world.editor, world.hub),
    );
    expect(res.status).toBe(201);
    const [only, ...rest] = await passages(res.body.data.id);
    expect(rest).toEqual([]);
    expect(only![0]).toBe('');
    expect(only![3]).toMatch(/^Name: Grace Hopper\n[\s\S]*About: # Career\n\nWrote [\s\S]*relay\.$/);
  });
});

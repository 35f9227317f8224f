import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InviteResult } from '../../lib/contract/invitations';
import type { Member } from '../../lib/contract/members';
import type { MyHub } from '../../lib/contract/hubs';
import type { Space, SpaceMember } from '../../lib/contract/spaces';
import { memberships, subscriptions } from '../db/schema';
import { createHub, createUser } from '../test/fixtures';
import { startTestServer, type ApiResponse, type RequestOptions, type TestServer } from '../test/harness';
import {
  anything, expectClientError, expectPrototypeIntact, field, hostileString, jsonBody, pathSegment, rawHostileBodies, text,
} from '../test/isolation/hostile-values';

/*
 * Random and hostile input at every create and update endpoint of hubs,
 * members, invitations and spaces (POST organizations/ has its own suite):
 * the API never answers 5xx, refuses with its error envelope, and whatever it
 * accepts reads back, alone and in its list, without error.
 */

let server: TestServer;
let hub: MyHub;
let member: { id: string };
/** One space per property, so what one property saves (a private visibility, say) cannot starve another. */
let editSpaceId: string;
let addSpaceId: string;
let rolesSpaceId: string;
let inviteSpaceId: string;
let as: RequestOptions;

const NUM_RUNS = 50;

interface Data<T> { data: T }
interface Page<T> { data: T[]; count: number; page: number; page_size: number }

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createUser(server, { email: 'hostile-owner@acme.test' });
  hub = await createHub(server, owner.token);
  // The biggest plan, so the member and space limits do not cut the success paths short.
  await server.db.update(subscriptions).set({ planCode: 'business' }).where(eq(subscriptions.hubId, hub.id));
  const other = await createUser(server);
  member = { id: other.user.id };
  await server.db.insert(memberships).values({ hubId: hub.id, userId: member.id, role: 'editor' });
  as = { token: owner.token, hubHandle: hub.domain_handle };
  const createSpace = async (name: string) => (await server.post<Data<Space>>('spaces/', { name, visibility: 'shared' }, as)).body.data.id;
  editSpaceId = await createSpace('Edited');
  addSpaceId = await createSpace('Joined');
  rolesSpaceId = await createSpace('Roles');
  inviteSpaceId = await createSpace('Invited');
  const added = await server.post(`spaces/${rolesSpaceId}/members/`, { user_id: member.id, role: 'viewer' }, as);
  expect(added.status).toBe(201);
});
afterAll(async () => { await server.close(); });

const hubPath = (rest = '') => `organizations/${hub.domain_handle}/${rest}`;

/**
 * Sends each generated body; a refusal must be a client error with the error
 * envelope, a success is handed to `readBack`. Returns how many succeeded.
 */
async function throwAt(
  method: string,
  path: (extra: string) => string,
  arbitrary: fc.Arbitrary<{ body: string; extra: string }>,
  readBack: (res: ApiResponse) => Promise<void>,
): Promise<number> {
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(arbitrary, async ({ body, extra }) => {
      const res = await server.request(method, path(extra), { ...as, body });
      if (res.status >= 200 && res.status < 300) {
        accepted++;
        await readBack(res);
      } else {
        expectClientError(res.status, res.body);
      }
      expectPrototypeIntact();
    }),
    { numRuns: NUM_RUNS },
  );
  return accepted;
}
const bodies = (body: fc.Arbitrary<unknown>) => jsonBody(body).map((json) => ({ body: json, extra: '' }));

const hubName = fc.oneof(fc.constant('Acme Hub'), fc.string({ unit: 'grapheme', minLength: 2, maxLength: 60 }), hostileString.map((h) => `Hub ${h}`));
const description = fc.option(fc.oneof(text, fc.string({ unit: 'grapheme', maxLength: 300 })), { nil: null });
const role = fc.constantFrom('owner', 'editor', 'viewer');
/** The member whose role is changed, mostly; else ids of nobody and strings that are no id at all. */
const memberTarget = () => fc.oneof(
  { weight: 4, arbitrary: fc.constant(member.id) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: text.map(pathSegment) },
);

describe('hostile input to the hub settings', () => {
  it('PATCH organizations/{handle}/ never fails on its side; what it saves reads back unchanged', async () => {
    const body = fc.record({
      name: field(hubName),
      description: field(description),
      visibility: field(fc.constantFrom('public', 'shared')),
      email_domain: field(fc.constantFrom(null, '', 'acme.test', 'ACME.TEST', 'other.test', 'gmail.com')),
      colour: field(fc.constantFrom('#112233', '#abcdef', '#ABCDEF')),
    }, { requiredKeys: [] });
    const accepted = await throwAt('PATCH', () => hubPath(), bodies(body), async (res) => {
      const saved = (res.body as Data<MyHub>).data;
      const read = await server.get<Data<MyHub>>(hubPath(), as);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(saved);
      expect((await server.get('organizations/?page_size=100', as)).status).toBe(200);
    });
    // The generators must reach the success path, or the read-back half proves nothing.
    expect(accepted).toBeGreaterThan(3);
  });

  it('POST organizations/{handle}/transfer/ and archive/ refuse every hostile body with a client error', async () => {
    await fc.assert(
      fc.asyncProperty(
        jsonBody(fc.record({ user_id: anything }, { requiredKeys: [] })),
        jsonBody(fc.record({ confirm: anything.filter((v) => typeof v !== 'string' || v.trim().toLowerCase() !== hub.domain_handle) }, { requiredKeys: [] })),
        async (transfer, archive) => {
          for (const [path, body] of [['transfer/', transfer], ['archive/', archive]] as const) {
            const res = await server.request('POST', hubPath(path), { ...as, body });
            expectClientError(res.status, res.body);
          }
          expectPrototypeIntact();
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('hostile input to members and invitations', () => {
  it('PATCH organizations/{handle}/members/{user_id}/ never fails on its side; the member list still reads', async () => {
    const arbitrary = fc.tuple(jsonBody(fc.record({ role: field(role) }, { requiredKeys: [] })), memberTarget())
      .map(([body, extra]) => ({ body, extra }));
    const accepted = await throwAt('PATCH', (user) => hubPath(`members/${user}/`), arbitrary, async (res) => {
      const changed = (res.body as Data<Member>).data;
      const list = await server.get<Page<Member>>(hubPath('members/?page_size=100'), as);
      expect(list.status).toBe(200);
      expect(list.body.data).toContainEqual(changed);
    });
    expect(accepted).toBeGreaterThan(3);
  });

  // Hub and space invitations take the same body; each path is where the new invitations are listed.
  it.each([
    ['organizations/{handle}/invitations/', () => hubPath('invitations/')],
    ['spaces/{id}/invitations/', () => `spaces/${inviteSpaceId}/invitations/`],
  ])('POST %s never fails on its side; new invitations are listed', async (_name, invitations) => {
    // Addresses the sign-up rules accept, in any case and padded, and arrays of anything at all.
    const plainEmail = fc.tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,19}$/), fc.constantFrom('acme.test', 'example.org'))
      .map(([local, domain]) => `${local}@${domain}`);
    const email = fc.oneof(plainEmail, plainEmail.map((e) => ` ${e.toUpperCase()} `));
    const hostileEmails = fc.array(fc.oneof(fc.emailAddress(), text, anything), { maxLength: 25 });
    const body = fc.record({
      emails: field(fc.oneof({ weight: 3, arbitrary: fc.array(email, { minLength: 1, maxLength: 4 }) }, { weight: 1, arbitrary: hostileEmails })),
      role: field(role),
    }, { requiredKeys: [] });
    const accepted = await throwAt('POST', invitations, bodies(body), async (res) => {
      const results = (res.body as Data<InviteResult[]>).data;
      const list = await server.get<Page<{ id: string }>>(`${invitations()}?page_size=100`, as);
      expect(list.status).toBe(200);
      const listed = new Set(list.body.data.map((invitation) => invitation.id));
      for (const result of results.filter((r) => r.outcome === 'invited')) expect(listed).toContain(result.invitation!.id);
    });
    expect(accepted).toBeGreaterThan(3);
  });
});

const spaceName = fc.oneof(fc.constant('Research'), fc.string({ unit: 'grapheme', minLength: 2, maxLength: 60 }), hostileString.map((h) => `Space ${h}`));
const spaceVisibility = fc.constantFrom('public', 'shared', 'private');

/** The space reads back as it was answered, and a search for its name finds it. */
async function expectSpaceReadsBack(space: Space) {
  const read = await server.get<Data<Space>>(`spaces/${space.id}/`, as);
  expect(read.status).toBe(200);
  expect(read.body.data).toEqual(space);
  const found = await server.get<Page<Space>>(`spaces/?page_size=100&archived=false&${new URLSearchParams({ search: space.name })}`, as);
  expect(found.status).toBe(200);
  expect(found.body.data.map((s) => s.id)).toContain(space.id);
}

describe('hostile input to spaces', () => {
  it('POST spaces/ never fails on its side; every space it creates reads back and is found by name', async () => {
    const body = fc.record({ name: field(spaceName), description: field(description), visibility: field(spaceVisibility) }, { requiredKeys: [] });
    const accepted = await throwAt('POST', () => 'spaces/', bodies(body), async (res) => {
      await expectSpaceReadsBack((res.body as Data<Space>).data);
    });
    expect(accepted).toBeGreaterThan(3);
  });

  it('PATCH spaces/{id}/ never fails on its side; what it saves reads back', async () => {
    const body = fc.record({ name: field(spaceName), description: field(description), visibility: field(spaceVisibility) }, { requiredKeys: [] });
    const accepted = await throwAt('PATCH', () => `spaces/${editSpaceId}/`, bodies(body), async (res) => {
      await expectSpaceReadsBack((res.body as Data<Space>).data);
    });
    expect(accepted).toBeGreaterThan(3);
  });

  it('POST spaces/{id}/members/ never fails on its side; an added member is listed (and removed again)', async () => {
    const userId = fc.oneof({ weight: 4, arbitrary: fc.constant(member.id) }, { weight: 1, arbitrary: fc.uuid() });
    const body = fc.record({ user_id: field(userId), role: field(role) }, { requiredKeys: [] });
    const accepted = await throwAt('POST', () => `spaces/${addSpaceId}/members/`, bodies(body), async (res) => {
      const added = (res.body as Data<SpaceMember>).data;
      const list = await server.get<Page<SpaceMember>>(`spaces/${addSpaceId}/members/?page_size=100`, as);
      expect(list.status).toBe(200);
      expect(list.body.data).toContainEqual(added);
      // So the next run can add them again.
      expect((await server.request('DELETE', `spaces/${addSpaceId}/members/${added.user_id}/`, as)).status).toBe(200);
    });
    expect(accepted).toBeGreaterThan(3);
  });

  it('PATCH spaces/{id}/members/{user_id}/ never fails on its side; the member list still reads', async () => {
    const arbitrary = fc.tuple(jsonBody(fc.record({ role: field(role) }, { requiredKeys: [] })), memberTarget())
      .map(([body, extra]) => ({ body, extra }));
    const accepted = await throwAt('PATCH', (user) => `spaces/${rolesSpaceId}/members/${user}/`, arbitrary, async (res) => {
      const changed = (res.body as Data<SpaceMember>).data;
      const list = await server.get<Page<SpaceMember>>(`spaces/${rolesSpaceId}/members/?page_size=100`, as);
      expect(list.status).toBe(200);
      expect(list.body.data).toContainEqual(changed);
    });
    expect(accepted).toBeGreaterThan(3);
  });
});

describe('hostile paths and query strings', () => {
  it('lists and reads answer every search, filter, page and id with data or a client error', async () => {
    const query = fc.dictionary(
      fc.constantFrom('search', 'visibility', 'mine', 'archived', 'page', 'page_size', '__proto__', 'constructor'),
      fc.oneof(text, fc.constantFrom('true', 'false', 'public', '1', '0', '100', '101', '-5')),
    ).map((params) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, v.replace(/\p{Cs}/gu, '\ufffd')])).toString());
    const lists = ['spaces/', hubPath('members/'), hubPath('invitations/'), `spaces/${rolesSpaceId}/members/`, `spaces/${inviteSpaceId}/invitations/`];
    const reads = (id: string) => [`spaces/${id}/`, `spaces/${id}/members/`, `organizations/${id}/`, `invitations/${id}/`];
    await fc.assert(
      fc.asyncProperty(query, text.map(pathSegment), async (search, id) => {
        for (const path of [...lists.map((list) => `${list}?${search}`), ...reads(id)]) {
          const res = await server.get(path, as);
          if (res.status === 200) expect(res.body).toHaveProperty('data');
          else expectClientError(res.status, res.body);
        }
        expectPrototypeIntact();
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('refuses a NUL character in a search box, which PostgreSQL cannot hold, with a message on the field', async () => {
    for (const list of ['spaces/', hubPath('members/'), `spaces/${rolesSpaceId}/members/`]) {
      const res = await server.get(`${list}?search=a%00b`, as);
      expect({ list, status: res.status }).toEqual({ list, status: 400 });
      expect(res.body).toMatchObject({ code: 'validation_error', errors: { search: ['Search contains characters that are not allowed'] } });
    }
  });

  const writes = (): Array<[string, string]> => [
    ['PATCH', hubPath()], ['POST', hubPath('invitations/')], ['PATCH', hubPath(`members/${member.id}/`)],
    ['POST', 'spaces/'], ['PATCH', `spaces/${editSpaceId}/`], ['POST', `spaces/${addSpaceId}/members/`],
    ['PATCH', `spaces/${rolesSpaceId}/members/${member.id}/`], ['POST', `spaces/${inviteSpaceId}/invitations/`],
  ];
  it.each(rawHostileBodies)('every create and update endpoint refuses %s with a client error', async (_name, body) => {
    for (const [method, path] of writes()) {
      const res = await server.request(method, path, { ...as, body });
      expect({ method, path, status: res.status < 500 && res.status >= 400 }).toEqual({ method, path, status: true });
      expectClientError(res.status, res.body);
    }
  });
});

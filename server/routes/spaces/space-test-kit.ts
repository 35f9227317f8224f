import { memberships } from '../../db/schema';
import type { MyHub } from '../../../lib/contract/hubs';
import type { Role } from '../../../lib/contract/settings';
import type { CreateSpaceBody, Space, SpaceMember } from '../../../lib/contract/spaces';
import type { RequestOptions, TestServer } from '../../test/harness';
import { createHub, createUser } from '../../test/fixtures';

/*
 * Shared set-up for the spaces suites: a hub with an owner, an editor and a
 * viewer, and helpers that act as one of them through the real API.
 */

export interface Person {
  token: string;
  user: { id: string; name: string; email: string };
}

export interface ErrorBody { message: string; code: string; errors?: Record<string, string[]> }
export interface SpaceBody { data: Space; message?: string }
export interface SpacePage { data: Space[]; count: number; page: number; page_size: number }
export interface MemberPage { data: SpaceMember[]; count: number; page: number; page_size: number }

export const SPACE_NOT_FOUND = { message: 'That space was not found.', code: 'not_found' };

let counter = 0;

/** A new user made a member of the hub with `role` (straight in the database, as the hub-admin flows are not under test here). */
export async function addHubMember(server: TestServer, hub: MyHub, role: Role, name?: string): Promise<Person> {
  const person = await createUser(server, { name: name ?? `${role} ${++counter}` });
  await server.db.insert(memberships).values({ hubId: hub.id, userId: person.user.id, role });
  return person;
}

export async function hubWithPeople(server: TestServer) {
  const owner = await createUser(server, { name: 'Hub Owner' });
  const hub = await createHub(server, owner.token);
  return {
    hub,
    owner: owner as Person,
    editor: await addHubMember(server, hub, 'editor', 'Hub Editor'),
    viewer: await addHubMember(server, hub, 'viewer', 'Hub Viewer'),
  };
}
export type HubWithPeople = Awaited<ReturnType<typeof hubWithPeople>>;

/** Request options acting as `person` in `hub` (by Org-Handle). */
export const as = (person: Person, hub: MyHub, extra: RequestOptions = {}): RequestOptions =>
  ({ token: person.token, hubHandle: hub.domain_handle, ...extra });

/** Creates a space through the API; fails the test if the API refuses. */
export async function createSpace(
  server: TestServer,
  person: Person,
  hub: MyHub,
  body: Partial<CreateSpaceBody> = {},
): Promise<Space> {
  const res = await server.post<SpaceBody>(
    'spaces/',
    { name: `Space ${++counter}`, visibility: 'public', ...body },
    as(person, hub),
  );
  if (res.status !== 201) throw new Error(`create space failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Adds a hub member to a space through the API as `actor`; fails the test if the API refuses. */
export async function addToSpace(server: TestServer, actor: Person, hub: MyHub, space: Space, person: Person, role: Role) {
  const res = await server.post(`spaces/${space.id}/members/`, { user_id: person.user.id, role }, as(actor, hub));
  if (res.status !== 201) throw new Error(`add member failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Joins an Everyone space as `person`, as one does before taking part in it; fails the test if the API refuses. */
export async function joinSpace(server: TestServer, person: Person, hub: MyHub, space: { id: string }) {
  const res = await server.post(`spaces/${space.id}/join/`, {}, as(person, hub));
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Every page of the list as `person`, following "more while a page comes back full". */
export async function listAll(server: TestServer, person: Person, hub: MyHub, query = ''): Promise<Space[]> {
  const all: Space[] = [];
  for (let page = 1; ; page++) {
    const res = await server.get<SpacePage>(`spaces/?page=${page}&page_size=100${query}`, as(person, hub));
    if (res.status !== 200) throw new Error(`list failed: ${res.status} ${JSON.stringify(res.body)}`);
    all.push(...res.body.data);
    if (res.body.data.length < res.body.page_size) return all;
  }
}

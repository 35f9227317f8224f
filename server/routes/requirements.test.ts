import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsOf, pathOf, type Endpoint, type HubRequirement, type SpaceRequirement } from '../../lib/contract/endpoint';
import { allEndpoints, endpointKey } from '../../lib/contract/endpoints';
import type { HubAbilities, MyHub } from '../../lib/contract/hubs';
import type { Space, SpaceAbilities } from '../../lib/contract/spaces';
import { CONTACT_TEMPLATE_ID } from '../../lib/contract/templates';
import { startTestServer, type ApiResponse, type TestServer } from '../test/harness';
import { upload } from './contents/upload-test-kit';
import {
  SPACE_NOT_FOUND, addHubMember, as, createSpace, hubWithPeople, type ErrorBody, type Person, type SpaceBody,
} from './spaces/space-test-kit';

/*
 * Every endpoint that declares the ability it requires answers exactly as
 * the abilities the API sends say: a caller who has it gets past the check
 * (to the validation of a deliberately invalid input, or to the thing the
 * path names), one who has not is refused before the input is read (403;
 * 409 or 422 for the space's state; 404 for a space they cannot see), never
 * with a 400.
 */

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

type RoleName = 'owner' | 'editor' | 'viewer';
const roleNames: RoleName[] = ['owner', 'editor', 'viewer'];
/** The space states each space requirement is walked in, all of spaces created by another hub editor. */
const stateNames = ['member', 'not joined (Everyone)', 'archived', 'private (not mine)'] as const;
type StateName = (typeof stateNames)[number];

interface World { hub: MyHub; people: Record<RoleName, Person>; spaces: Record<StateName, Space> }

async function worldOf(): Promise<World> {
  const { hub, owner, editor, viewer } = await hubWithPeople(server);
  const people = { owner, editor, viewer };
  const creator = await addHubMember(server, hub, 'editor', 'Space Creator');
  const joinedBy = async (space: Space) => {
    for (const person of Object.values(people)) await server.post(`spaces/${space.id}/join/`, {}, as(person, hub));
    return space;
  };
  const archived = await joinedBy(await createSpace(server, creator, hub, { visibility: 'public' }));
  await server.post(`spaces/${archived.id}/archive/`, {}, as(owner, hub));
  return {
    hub,
    people,
    spaces: {
      member: await joinedBy(await createSpace(server, creator, hub, { visibility: 'public' })),
      'not joined (Everyone)': await createSpace(server, creator, hub, { visibility: 'public' }),
      archived,
      'private (not mine)': await createSpace(server, creator, hub, { visibility: 'private' }),
    },
  };
}

const spaceRequired = allEndpoints.flatMap((definition) =>
  definition.requires && 'space' in definition.requires ? [{ definition, ability: definition.requires.space }] : []);
const hubRequired = allEndpoints.flatMap((definition) =>
  definition.requires && 'hub' in definition.requires ? [{ definition, ability: definition.requires.hub }] : []);

/** The space and hub in the path are the real ones; every other parameter, the query and the body are of the wrong shape. */
function callOf(definition: Endpoint, hub: MyHub, person: Person, spaceId?: string) {
  const params = Object.fromEntries([...definition.path.matchAll(/:([a-z_]+)/g)].map(([, name]) => [name, 'not-an-id']));
  const filled = { ...params, ...(spaceId ? { id: spaceId } : {}), handle: hub.domain_handle };
  const withBody = definition.method !== 'GET' && definition.method !== 'DELETE';
  return server.request<ErrorBody | null>(definition.method, `${pathOf(definition, filled)}?page=not-a-number`, as(person, hub, {
    ...(withBody ? { body: { unexpected: ['field'] } } : {}),
  }));
}

const refusals = [403, 409, 422];
const isSpaceNotFound = (response: ApiResponse<ErrorBody | null>) =>
  response.status === 404 && response.body?.message === SPACE_NOT_FOUND.message;

/** Whatever the answer, it is one the endpoint documents (its OpenAPI responses). */
function expectDocumented(definition: Endpoint, status: number) {
  const successes = [definition.status ?? 200].flat();
  expect([...successes, ...errorsOf(definition)], `${endpointKey(definition)} answered an undocumented ${status}`).toContain(status);
}

/** Archiving and restoring are the only calls that succeed on the walk's input; each is undone, so the spaces keep their states. */
async function undo(definition: Endpoint, world: World, spaceId: string) {
  const opposite = definition.path.endsWith('/archive/') ? 'restore' : definition.path.endsWith('/restore/') ? 'archive' : null;
  if (!opposite) return;
  const undone = await server.post(`spaces/${spaceId}/${opposite}/`, {}, as(world.people.owner, world.hub));
  expect(undone.status).toBe(200);
}

const spaceCases = spaceRequired.length * roleNames.length * stateNames.length;

describe(`space requirements: ${spaceRequired.length} endpoints × ${roleNames.length} hub roles × ${stateNames.length} space states = ${spaceCases} cases`, () => {
  let world: World;
  beforeAll(async () => { world = await worldOf(); });

  it('walks every kind of space requirement', () => {
    expect(new Set(spaceRequired.map(({ ability }) => ability))).toEqual(
      new Set<SpaceRequirement>(['update', 'archive', 'restore', 'invite', 'manage_members', 'add_content', 'edit_content', 'delete_content']),
    );
  });

  it.each(spaceRequired.map(({ definition, ability }) => [endpointKey(definition), definition, ability] as const))(
    '%s answers as the space abilities say, for each hub role in each space state',
    async (_key, definition, ability) => {
      const seen: string[] = [];
      for (const role of roleNames) {
        for (const state of stateNames) {
          const person = world.people[role];
          const space = world.spaces[state];
          const read = await server.get<SpaceBody>(`spaces/${space.id}/`, as(person, world.hub));
          const abilities: SpaceAbilities | null = read.status === 200 ? read.body.data.abilities : null;
          const response = await callOf(definition, world.hub, person, space.id);
          const outcome = { role, state, status: response.status };
          expectDocumented(definition, response.status);
          if (!abilities) {
            // A space the caller cannot see answers as one that does not exist.
            expect(isSpaceNotFound(response), JSON.stringify(outcome)).toBe(true);
            seen.push(`${role}/${state}: hidden`);
          } else if (abilities[ability]) {
            expect(refusals, JSON.stringify(outcome)).not.toContain(response.status);
            expect(isSpaceNotFound(response), JSON.stringify(outcome)).toBe(false);
            seen.push(`${role}/${state}: allowed`);
            await undo(definition, world, space.id);
          } else {
            expect(refusals, JSON.stringify({ ...outcome, body: response.body })).toContain(response.status);
            seen.push(`${role}/${state}: refused`);
          }
        }
      }
      expect(seen).toHaveLength(roleNames.length * stateNames.length);
    },
  );
});

describe(`hub requirements: ${hubRequired.length} endpoints × ${roleNames.length} hub roles = ${hubRequired.length * roleNames.length} cases`, () => {
  let world: Awaited<ReturnType<typeof hubWithPeople>>;
  beforeAll(async () => { world = await hubWithPeople(server); });

  it('walks every kind of hub requirement', () => {
    expect(new Set(hubRequired.map(({ ability }) => ability))).toEqual(new Set<HubRequirement>([
      'create_space', 'change_visibility', 'update', 'archive', 'transfer', 'invite', 'manage_members', 'view_audit', 'view_unanswered',
      'manage_templates',
    ]));
  });

  it.each(hubRequired.map(({ definition, ability }) => [endpointKey(definition), definition, ability] as const))(
    '%s answers as the hub abilities say, for each hub role',
    async (_key, definition, ability) => {
      for (const role of roleNames) {
        const person = world[role];
        const hub = await server.get<{ data: { abilities: HubAbilities } }>(`organizations/${world.hub.domain_handle}/`, as(person, world.hub));
        const response = await callOf(definition, world.hub, person);
        const outcome = { role, status: response.status };
        expectDocumented(definition, response.status);
        if (hub.body.data.abilities[ability]) expect(response.status, JSON.stringify(outcome)).not.toBe(403);
        else expect(response.status, JSON.stringify(outcome)).toBe(403);
      }
    },
  );
});

describe('a hub editor who has not joined an Everyone space', () => {
  it('is offered no adding, and cannot add, until they join', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'public' });
    const who = { person: editor, hub, spaceId: space.id };
    const file = { name: 'notes.txt', data: 'Minutes of the meeting.' };
    const table = { name: 'Visitors', template_id: CONTACT_TEMPLATE_ID };
    const joinFirst = { status: 403, code: 'forbidden', message: 'Join this space to add to it.' };
    const answer = (response: ApiResponse<unknown>) => ({ status: response.status, ...(response.body as ErrorBody) });

    const before = await server.get<SpaceBody>(`spaces/${space.id}/`, as(editor, hub));
    expect(before.body.data.abilities).toMatchObject({ join: true, add_content: false });
    expect(answer(await upload(server, who, 'document', file))).toMatchObject(joinFirst);
    expect(answer(await server.post(`spaces/${space.id}/contents/record-tables/`, table, as(editor, hub)))).toMatchObject(joinFirst);

    expect((await server.post(`spaces/${space.id}/join/`, {}, as(editor, hub))).status).toBe(200);
    expect((await upload(server, who, 'document', file)).status).toBe(201);
    expect((await server.post(`spaces/${space.id}/contents/record-tables/`, table, as(editor, hub))).status).toBe(201);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../lib/contract/settings';
import { refusedAuthorizations } from '../test/fixtures';
import { startTestServer, type ApiResponse, type RequestOptions, type TestServer } from '../test/harness';
import { matrixCases, publicRoutes, type CaseRequest, type CaseTarget, type MatrixCase } from '../test/isolation/cases';
import { routeRecorder } from '../test/isolation/route-recorder';
import { createWorld, crossedOf, ghostOf, secretsOf, type Actor, type HubFixture, type World } from '../test/isolation/world';


let server: TestServer;
const recorder = routeRecorder();
let refused: Array<{ name: string; authorization?: string }>;
beforeAll(async () => {
  server = await startTestServer({}, { onRoute: recorder.onRoute });
  refused = await refusedAuthorizations(server);
});
afterAll(async () => { await server.close(); });

const methodOf = (testCase: MatrixCase) => testCase.route.split(' ')[0]!;

function send(testCase: MatrixCase, request: CaseRequest, auth: RequestOptions): Promise<ApiResponse> {
  return server.request(methodOf(testCase), request.path, { ...auth, body: request.body, form: request.form?.(), headers: request.headers });
}

/** Fails with the leaked values if the body mentions any of them. */
function expectNothingOf(body: unknown, secrets: string[]) {
  const text = JSON.stringify(body ?? null).toLowerCase();
  expect(secrets.filter((secret) => text.includes(secret.toLowerCase()))).toEqual([]);
}

function expectStatus(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: (res.body as { code?: unknown } | null)?.code }).toEqual({ status, code });
}

const lowerRoles: Record<Role, Role[]> = { viewer: [], editor: ['viewer'], owner: ['viewer', 'editor'] };

/** Who holds each role: hub roles in hub A, or roles in its shared space (design §5: effective role). */
const holderOf = (testCase: MatrixCase, hub: HubFixture, role: Role): Actor =>
  testCase.scope === 'space'
    ? { viewer: hub.spaceViewer, editor: hub.spaceEditor, owner: hub.spaceOwner }[role]
    : { viewer: hub.viewer, editor: hub.editor, owner: hub.owner }[role];

const targetOf = (testCase: MatrixCase, hub: HubFixture): CaseTarget => ({
  hub,
  space: testCase.scope === 'space' && testCase.space === 'public' ? hub.spaces.public : hub.spaces.shared,
});

describe('the route table', () => {
  it('has every route under /api/v1 either in the matrix or on the public list', () => {
    const routes = recorder.apiRoutes();
    // The recorder must really have seen the app, or this test proves nothing.
    expect(routes).toContain('GET auth/me/');
    const known = new Set([...Object.keys(publicRoutes), ...matrixCases.map((c) => c.route)]);
    expect(routes.filter((route) => !known.has(route))).toEqual([]);
  });

  it('names only routes that exist, each once', () => {
    const routes = new Set(recorder.apiRoutes());
    const named = [...Object.keys(publicRoutes), ...matrixCases.map((c) => c.route)];
    expect(named.filter((route) => !routes.has(route))).toEqual([]);
    expect(named.filter((route, i) => named.indexOf(route) !== i)).toEqual([]);
  });
});

describe.each(matrixCases.map((testCase) => [testCase.route, testCase] as const))('%s', (_route, testCase) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server);
    await testCase.prepare?.(server, world.a);
  });
  const valid = () => testCase.request(targetOf(testCase, world.a));
  const minimum: Role = testCase.scope === 'account' ? 'viewer' : testCase.minimum;
  const outsider = (hubHandle: string): RequestOptions => ({ token: world.b.owner.token, hubHandle });

  it('answers 401 without a valid session, and says nothing of the hub', async () => {
    for (const { name, authorization } of refused) {
      const res = await send(testCase, valid(), { authorization, hubHandle: world.a.handle });
      expect(res.status, name).toBe(401);
      expectNothingOf(res.body, secretsOf(world.a));
    }
  });

  if (testCase.scope !== 'account' || testCase.outsiderSees404) {
    // B's own hub named by the header, or by no header at all (then the active hub, B, applies).
    it.each([["with B's Org-Handle", true], ['without an Org-Handle', false]] as const)(
      'gives a member of hub B, %s, nothing of hub A: what names A answers as if A did not exist',
      async (_how, withHeader) => {
        const as: RequestOptions = withHeader ? outsider(world.b.handle) : { token: world.b.owner.token };
        const request = valid();
        const res = await send(testCase, request, as);
        expectNothingOf(res.body, secretsOf(world.a));
        // A route that takes its hub from the header alone acts on hub B here, which is its job.
        if (JSON.stringify(ghostOf(request, world.a)) === JSON.stringify(request)) return;
        expectStatus(res, 404, 'not_found');
        const missing = await send(testCase, ghostOf(request, world.a), as);
        expect(res.body).toEqual(missing.body);
      },
    );

    it("answers 404 to a member of hub B with A's Org-Handle, exactly as for a hub that does not exist", async () => {
      const request = valid();
      const res = await send(testCase, request, outsider(world.a.handle));
      expectStatus(res, 404, 'not_found');
      expectNothingOf(res.body, secretsOf(world.a));
      const missing = await send(testCase, ghostOf(request, world.a), outsider(ghostOf(world.a.handle, world.a)));
      expect(res.body).toEqual(missing.body);
    });
  }

  if (lowerRoles[minimum].length > 0) {
    it(`answers 403 to ${lowerRoles[minimum].join(' and ')}`, async () => {
      for (const role of lowerRoles[minimum]) {
        const res = await send(testCase, valid(), { token: holderOf(testCase, world.a, role).token, hubHandle: world.a.handle });
        expect({ role, status: res.status }).toEqual({ role, status: 403 });
        expect(res.body).toMatchObject({ code: 'forbidden' });
      }
    });
  }

  if (testCase.scope === 'space') {
    it('answers 404 to hub members outside a shared or private space, exactly as for a missing space', async () => {
      for (const space of [world.a.spaces.shared, world.a.spaces.private]) {
        for (const [who, member] of [['hub editor', world.a.editor], ['hub viewer', world.a.viewer]] as const) {
          const as = { token: member.token, hubHandle: world.a.handle };
          const request = testCase.request({ hub: world.a, space });
          const res = await send(testCase, request, as);
          expect({ who, space: space.visibility, status: res.status }).toEqual({ who, space: space.visibility, status: 404 });
          expectNothingOf(res.body, [space.name, space.description]);
          const missing = await send(testCase, { ...request, path: request.path.replace(space.id, randomUUID()) }, as);
          expect(res.body).toEqual(missing.body);
        }
      }
    });
  }

  if (testCase.scope === 'hub' && testCase.listsSpaces) {
    it('lists nothing of a shared or private space to hub members outside it', async () => {
      const hidden = [world.a.spaces.shared, world.a.spaces.private].flatMap((space) => [space.id, space.name, space.description]);
      for (const member of [world.a.editor, world.a.viewer]) {
        const res = await send(testCase, valid(), { token: member.token, hubHandle: world.a.handle });
        expect(res.status).toBe(200);
        expect(JSON.stringify(res.body)).toContain(world.a.spaces.public.id);
        expectNothingOf(res.body, hidden);
      }
    });
  }

  // Who makes the valid request: the least role it needs.
  const succeedsAs = (): Actor | null => {
    if (testCase.scope === 'account') {
      if (testCase.succeeds === false) return null;
      return testCase.succeeds === 'invitee' ? world.a.invitee : world.a.viewer;
    }
    // Joining a public space: any hub member who is not in it yet.
    if (testCase.scope === 'space' && testCase.space === 'public') return world.a.viewer;
    return holderOf(testCase, world.a, minimum);
  };
  if (testCase.scope !== 'account') {
    it("answers 404 to a member of A naming hub B's people, spaces or invitations, and says nothing of B", async (context) => {
      const request = valid();
      const crossed = crossedOf(request, world.a, world.b);
      // Only requests that name people, spaces or invitations by id have anything to cross.
      if (JSON.stringify(crossed) === JSON.stringify(request)) context.skip();
      const res = await send(testCase, crossed, { token: succeedsAs()?.token, hubHandle: world.a.handle });
      expectStatus(res, 404, 'not_found');
      expectNothingOf(res.body, secretsOf(world.b));
    });
  }

  // Last, because it may change hub A; it proves the refused requests above were otherwise valid.
  if (testCase.scope !== 'account' || testCase.succeeds !== false) {
    it(`succeeds for ${testCase.scope === 'account' ? 'a signed-in person' : `a ${minimum}`}`, async () => {
      const actor = succeedsAs();
      expect(actor).not.toBeNull();
      const res = await send(testCase, valid(), { token: actor?.token, hubHandle: world.a.handle });
      expect({ status: res.status, body: res.body }).toMatchObject({ status: expect.toSatisfy((s: number) => s >= 200 && s < 300) });
    });
  }
});

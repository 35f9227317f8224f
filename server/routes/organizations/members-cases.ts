import { expect, it } from 'vitest';
import { memberships } from '../../db/schema';
import type { MyHub } from '../../../lib/contract/hubs';
import type { Role } from '../../../lib/contract/settings';
import { createHub, createUser } from '../../test/fixtures';
import { STRONG_PASSWORD, uniqueEmail, type ApiResponse, type RequestOptions, type TestServer } from '../../test/harness';
import { itRejectsBadTokens } from '../auth/token-cases';

export type Person = Awaited<ReturnType<typeof createUser>>;

/** A user made a member of the hub with the given role, straight in the database. */
export async function addMember(server: TestServer, hub: MyHub, role: Role, opts: { email?: string; name?: string } = {}) {
  const person = await createUser(server, opts);
  await server.db.insert(memberships).values({ hubId: hub.id, userId: person.user.id, role });
  return person;
}

/**
 * A hub with one person of each role, plus an outsider who owns another hub:
 * the cast every hub administration test needs.
 */
export async function createStaffedHub(server: TestServer, opts: { visibility?: 'public' | 'shared' } = {}) {
  const owner = await createUser(server, { email: uniqueEmail('acme.test'), name: 'Olive Owner' });
  const hub = await createHub(server, owner.token, { visibility: opts.visibility ?? 'shared' });
  const editor = await addMember(server, hub, 'editor', { name: 'Eddie Editor' });
  const viewer = await addMember(server, hub, 'viewer', { name: 'Vera Viewer' });
  const outsider = await createUser(server, { name: 'Otto Outsider' });
  const outsiderHub = await createHub(server, outsider.token);
  return { hub, owner, editor, viewer, outsider, outsiderHub };
}
export type StaffedHub = Awaited<ReturnType<typeof createStaffedHub>>;

/**
 * The refusals every hub administration endpoint must give: each bad token
 * 401; a member of another hub 404 (with their own hub's Org-Handle and with
 * this hub's), never the data; and 403 for each role below the one it needs.
 * `call` must be harmless when refused.
 */
export function itGuardsHubEndpoint(opts: {
  server: () => TestServer;
  staffed: () => StaffedHub;
  call: (staffed: StaffedHub, auth: RequestOptions) => Promise<ApiResponse<Record<string, unknown>>>;
  forbiddenFor: Array<'viewer' | 'editor'>;
}) {
  itRejectsBadTokens({
    server: opts.server,
    person: () => ({ email: opts.staffed().owner.email, password: STRONG_PASSWORD, token: opts.staffed().owner.token }),
    call: (_server, auth) => opts.call(opts.staffed(), { ...auth, hubHandle: opts.staffed().hub.domain_handle }),
  });

  it('answers 404 to a member of another hub, with their own Org-Handle and with this one', async () => {
    const staffed = opts.staffed();
    for (const hubHandle of [staffed.outsiderHub.domain_handle, staffed.hub.domain_handle, undefined]) {
      const res = await opts.call(staffed, { token: staffed.outsider.token, hubHandle });
      expect(res.status, hubHandle).toBe(404);
      expect(res.body, hubHandle).toEqual({ message: 'That hub was not found.', code: 'not_found' });
    }
  });

  it('answers 404 to a member whose Org-Handle names another of their hubs', async () => {
    const staffed = opts.staffed();
    const res = await opts.call(staffed, { token: staffed.owner.token, hubHandle: (await ownSecondHub(opts.server(), staffed)).domain_handle });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'That hub was not found.', code: 'not_found' });
  });

  for (const role of opts.forbiddenFor) {
    it(`answers 403 to a ${role}`, async () => {
      const staffed = opts.staffed();
      const res = await opts.call(staffed, { token: staffed[role].token, hubHandle: staffed.hub.domain_handle });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'forbidden', message: expect.any(String) });
      expect(res.body).not.toHaveProperty('data');
    });
  }
}

const secondHubs = new WeakMap<StaffedHub, Promise<MyHub>>();
/** Another hub the owner owns too (made once per cast). */
function ownSecondHub(server: TestServer, staffed: StaffedHub) {
  let hub = secondHubs.get(staffed);
  if (!hub) {
    hub = createHub(server, staffed.owner.token);
    secondHubs.set(staffed, hub);
  }
  return hub;
}

/** The token of the newest invitation link mailed to `email`, waiting for one not `seen` before when a new link is expected. */
export async function invitationTokenFor(server: TestServer, email: string, seen: string[] = []): Promise<string> {
  const pattern = new RegExp(`${server.config.appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/join-hub\\?invitation=([A-Za-z0-9_-]{43})`);
  const mail = await server.mail.waitFor(email, (m) => {
    const token = pattern.exec(m.text)?.[1];
    return token !== undefined && !seen.includes(token);
  });
  return pattern.exec(mail.text)![1]!;
}

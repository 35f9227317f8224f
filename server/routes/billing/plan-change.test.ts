import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, memberships, spaces, subscriptions } from '../../db/schema';
import { describeAuditEvent } from '../../../lib/audit/describe-audit-event';
import type { AuditEvent } from '../../../lib/contract/audit';
import type { PlanChange, PlanChangeResult, Subscription } from '../../../lib/contract/billing';
import { FREE_PLAN, plans } from '../../../lib/plans';
import { STRONG_PASSWORD, startTestServer, type RequestOptions, type TestServer } from '../../test/harness';
import { createUser, uniqueHandle } from '../../test/fixtures';
import { itRejectsBadTokens } from '../auth/token-cases';
import { addMember, createStaffedHub, type StaffedHub } from '../organizations/members-cases';

/*
 * Moving a hub to another plan: on a server with no payments provider the
 * owner does it at once; a change the hub's usage does not fit is refused
 * and changes nothing; every change is in the audit trail.
 */

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (person: { token: string }, s: StaffedHub): RequestOptions => ({ token: person.token, hubHandle: s.hub.domain_handle });
const preview = (plan: string, auth: RequestOptions) => server.get<{ data: PlanChange }>(`wallet/plan-change/?plan=${plan}`, auth);
const change = (plan: string, auth: RequestOptions) =>
  server.post<{ data: PlanChangeResult; message?: string }>('wallet/plan-change/', { plan }, auth);
const detail = (auth: RequestOptions) => server.get<{ data: Subscription }>('wallet/subscription-detail/', auth);

async function addSpaces(s: StaffedHub, n: number) {
  await server.db.insert(spaces).values(
    Array.from({ length: n }, (_, i) => ({ hubId: s.hub.id, name: `Space ${i}`, visibility: 'public' as const, createdBy: s.owner.user.id })),
  );
}

const planOf = async (s: StaffedHub) =>
  (await server.db.select().from(subscriptions).where(eq(subscriptions.hubId, s.hub.id)))[0];
const planEvents = (s: StaffedHub) =>
  server.db.select().from(auditEvents).where(and(eq(auditEvents.hubId, s.hub.id), eq(auditEvents.type, 'plan_changed')));

describe('GET wallet/subscription-detail/ (who may change the plan)', () => {
  it("names the hub's owner and tells each reader whether they may change the plan", async () => {
    const s = await createStaffedHub(server);
    const owner = await detail(as(s.owner, s));
    expect(owner.body.data.owner).toEqual({ id: s.owner.user.id, name: 'Olive Owner' });
    expect(owner.body.data.change).toEqual({ allowed: true, by: 'owner', administrators: [], provider: 'manual' });
    for (const person of [s.editor, s.viewer]) {
      expect((await detail(as(person, s))).body.data.change).toEqual({ allowed: false, by: 'owner', administrators: [], provider: 'manual' });
    }
  });
});

describe('GET wallet/plan-change/', () => {
  let s: StaffedHub;
  beforeEach(async () => { s = await createStaffedHub(server); });

  it('shows what an upgrade changes: price and limits before and after', async () => {
    const res = await preview('team', as(s.owner, s));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      from: { code: 'free', name: 'Free', price: 0, interval: 'month', limits: FREE_PLAN.limits },
      to: { code: 'team', name: 'Team', price: plans.team.price, interval: 'month', limits: plans.team.limits },
      direction: 'upgrade',
      usage: { members: 3, spaces: 0, storage_bytes: 0 },
      over_limits: [],
    });
  });

  it('lists the usage a downgrade would not fit, with what to clear first', async () => {
    await server.db.update(subscriptions).set({ planCode: 'team' }).where(eq(subscriptions.hubId, s.hub.id));
    await addSpaces(s, 7);
    const res = await preview('free', as(s.owner, s));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ direction: 'downgrade', usage: { spaces: 7 } });
    expect(res.body.data.over_limits).toEqual([
      { limit: 'spaces', used: 7, allowed: 5, message: 'You have 7 spaces; Free allows 5. Archive 2 spaces first.' },
    ]);
  });

  it('answers 409 for the plan the hub is on, and 400 for a plan that does not exist', async () => {
    expect(await preview('free', as(s.owner, s))).toMatchObject({
      status: 409, body: { code: 'conflict', message: 'The hub is already on the Free plan.' },
    });
    expect(await preview('platinum', as(s.owner, s))).toMatchObject({
      status: 400, body: { code: 'validation_error', errors: { plan: ['Please choose a plan'] } },
    });
  });
});

describe('POST wallet/plan-change/', () => {
  let s: StaffedHub;
  beforeEach(async () => { s = await createStaffedHub(server); });

  it('lets the owner upgrade at once, with no charge, and records it in the audit trail', async () => {
    const res = await change('team', as(s.owner, s));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The hub is now on the Team plan.');
    expect(res.body.data).toMatchObject({
      outcome: 'applied',
      subscription: { plan: { code: 'team', name: 'Team' }, limits: plans.team.limits, usage: { members: 3 } },
    });
    expect((await detail(as(s.viewer, s))).body.data.plan.code).toBe('team');
    expect(await planOf(s)).toMatchObject({ planCode: 'team', status: 'active', metadata: { provider: 'manual', changed_by: s.owner.user.id } });
    const [event] = await planEvents(s);
    expect(event).toMatchObject({ actorId: s.owner.user.id, data: { from: 'free', to: 'team', provider: 'manual' } });

    const audit = await server.get<{ data: AuditEvent[] }>(`organizations/${s.hub.domain_handle}/audit/?type=plan_changed`, as(s.owner, s));
    expect(audit.body.data.map(describeAuditEvent)).toEqual(['Olive Owner changed the hub’s plan from Free to Team']);
  });

  it('lets the owner downgrade when the usage fits', async () => {
    expect((await change('business', as(s.owner, s))).status).toBe(200);
    const res = await change('free', as(s.owner, s));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: 'applied', subscription: { plan: { code: 'free' } } });
    expect((await planEvents(s)).map((e) => e.data)).toEqual(expect.arrayContaining([
      expect.objectContaining({ from: 'free', to: 'business' }), expect.objectContaining({ from: 'business', to: 'free' }),
    ]));
  });

  it('refuses a downgrade below the usage, explains each limit, and changes and deletes nothing', async () => {
    expect((await change('team', as(s.owner, s))).status).toBe(200);
    await addSpaces(s, 7);
    for (let i = 0; i < 9; i++) await addMember(server, s.hub, 'viewer');
    const before = await planOf(s);
    const res = await change('free', as(s.owner, s));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'plan_limit',
      message: 'The hub uses more than that plan allows, and nothing is deleted to make it fit. '
        + 'You have 12 members; Free allows 10. Remove 2 members first. You have 7 spaces; Free allows 5. Archive 2 spaces first.',
      errors: {
        members: ['You have 12 members; Free allows 10. Remove 2 members first.'],
        spaces: ['You have 7 spaces; Free allows 5. Archive 2 spaces first.'],
      },
    });
    expect(await planOf(s)).toEqual(before);
    expect((await detail(as(s.owner, s))).body.data.usage).toMatchObject({ members: 12, spaces: 7 });
    expect(await planEvents(s)).toHaveLength(1);
  });

  it('answers 409 for the plan the hub is on, and 400 for an unknown plan', async () => {
    expect((await change('free', as(s.owner, s))).status).toBe(409);
    expect((await change('platinum', as(s.owner, s))).status).toBe(400);
    expect((await planOf(s))?.planCode).toBe('free');
  });

  it('tells an editor or viewer whom to ask, and changes nothing', async () => {
    for (const person of [s.editor, s.viewer]) {
      const res = await change('team', as(person, s));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'forbidden', message: 'Only the hub owner can change the plan. Ask Olive Owner to change the plan.' });
    }
    expect((await planOf(s))?.planCode).toBe('free');
    expect(await planEvents(s)).toEqual([]);
  });

  it("changes only the hub the Org-Handle names, never the caller's other hubs", async () => {
    const res = await change('team', { token: s.outsider.token, hubHandle: s.outsiderHub.domain_handle });
    expect(res.status).toBe(200);
    expect((await planOf(s))?.planCode).toBe('free');
  });

  describe('refusals', () => {
    itRejectsBadTokens({
      server: () => server,
      person: () => ({ email: s.owner.email, password: STRONG_PASSWORD, token: s.owner.token }),
      call: (_server, auth) => change('team', { ...auth, hubHandle: s.hub.domain_handle }),
    });

    it("answers 404 to a member of another hub naming this hub, exactly as for a hub that does not exist", async () => {
      for (const hubHandle of [s.hub.domain_handle, uniqueHandle('nobody')]) {
        const res = await change('team', { token: s.outsider.token, hubHandle });
        expect(res.status, hubHandle).toBe(404);
        expect(res.body, hubHandle).toEqual({ message: 'That hub was not found.', code: 'not_found' });
        expect((await preview('team', { token: s.outsider.token, hubHandle })).status).toBe(404);
      }
      expect((await planOf(s))?.planCode).toBe('free');
    });
  });
});

describe('with BILLING_ADMIN_EMAILS set', () => {
  let adminServer: TestServer;
  const administrator = 'Billing@Example.test';
  beforeAll(async () => { adminServer = await startTestServer({ billing: { administrators: [administrator.toLowerCase(), 'money@example.test'] } }); });
  afterAll(async () => { await adminServer.close(); });

  it('lets only a listed administrator who is a member change the plan; the owner is told who sets plans', async () => {
    const s = await createStaffedHub(adminServer);
    const auth = (person: { token: string }) => ({ token: person.token, hubHandle: s.hub.domain_handle });
    const administrators = ['billing@example.test', 'money@example.test'];

    const owner = await adminServer.get<{ data: Subscription }>('wallet/subscription-detail/', auth(s.owner));
    expect(owner.body.data.change).toEqual({ allowed: false, by: 'administrator', administrators, provider: 'manual' });
    const refused = await adminServer.post('wallet/plan-change/', { plan: 'team' }, auth(s.owner));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'forbidden', message: 'Plans on this server are set by billing@example.test, money@example.test.' });

    // A listed administrator outside the hub gets what any outsider gets.
    const admin = await createUser(adminServer, { email: administrator });
    expect((await adminServer.post('wallet/plan-change/', { plan: 'team' }, auth(admin))).status).toBe(404);

    // Once a member (any role), they may.
    await adminServer.db.insert(memberships).values({ hubId: s.hub.id, userId: admin.user.id, role: 'viewer' });
    const mine = await adminServer.get<{ data: Subscription }>('wallet/subscription-detail/', auth(admin));
    expect(mine.body.data.change).toMatchObject({ allowed: true, by: 'administrator' });
    const res = await adminServer.post<{ data: PlanChangeResult }>('wallet/plan-change/', { plan: 'team' }, auth(admin));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: 'applied', subscription: { plan: { code: 'team' } } });
  });
});

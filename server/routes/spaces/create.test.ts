import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import type { Subscription } from '../../../lib/contract/billing';
import { FREE_PLAN, plans } from '../../../lib/plans';
import { startTestServer, type TestServer } from '../../test/harness';
import { createHub, createUser } from '../../test/fixtures';
import { as, createSpace, hubWithPeople, type ErrorBody, type SpaceBody } from './space-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('POST spaces/', () => {
  it('creates a space; the creator is its owner and only member', async () => {
    const { hub, editor } = await hubWithPeople(server);
    const res = await server.post<SpaceBody>(
      'spaces/',
      { name: '  Research  ', description: 'Papers we read', visibility: 'shared' },
      as(editor, hub),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: 'Research',
      description: 'Papers we read',
      visibility: 'shared',
      created_by: { id: editor.user.id, name: editor.user.name },
      member_count: 1,
      my_role: 'owner',
      space_role: 'owner',
      is_member: true,
      archived_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      starred: false,
      visited_at: null,
      abilities: expect.objectContaining({ update: true, archive: true, manage_members: true, leave: true }),
    });
    const read = await server.get<SpaceBody>(`spaces/${res.body.data.id}/`, as(editor, hub));
    expect(read.body.data).toEqual(res.body.data);
  });

  it('treats a blank description as none', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { description: '   ' });
    expect(space.description).toBeNull();
  });

  it('uses the active hub when no Org-Handle is sent', async () => {
    const owner = await createUser(server);
    const hub = await createHub(server, owner.token);
    const res = await server.post<SpaceBody>('spaces/', { name: 'Plans', visibility: 'private' }, { token: owner.token });
    expect(res.status).toBe(201);
    expect((await server.get(`spaces/${res.body.data.id}/`, as(owner, hub))).status).toBe(200);
  });

  it.each([
    [{}, { name: ['Please enter Space name'], visibility: ['Please choose a visibility'] }],
    [{ name: 'a', visibility: 'public' }, { name: ['Space name must be at least 2 characters'] }],
    [{ name: 'a'.repeat(81), visibility: 'public' }, { name: ['Space name must be up to 80 characters'] }],
    [{ name: '   ', visibility: 'public' }, { name: ['Please enter Space name'] }],
    [{ name: 'Fine', visibility: 'everyone' }, { visibility: ['Please choose a visibility'] }],
    [{ name: 'Fine', visibility: 'public', description: 'd'.repeat(501) }, { description: ['Description must be up to 500 characters'] }],
    [{ name: 'Bad\u0000name', visibility: 'public' }, { name: ['Space name contains characters that are not allowed'] }],
  ])('refuses %j with field errors (400)', async (body, errors) => {
    const { hub, owner } = await hubWithPeople(server);
    const res = await server.post<ErrorBody>('spaces/', body, as(owner, hub));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', errors });
  });

  it('refuses a hub viewer: creating spaces is editor work (403)', async () => {
    const { hub, viewer } = await hubWithPeople(server);
    const res = await server.post<ErrorBody>('spaces/', { name: 'Mine', visibility: 'public' }, as(viewer, hub));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Only editors and owners of the hub can create spaces.', code: 'forbidden' });
  });

  it("enforces the plan's space limit with a clear message, counts usage, and frees a slot on archive", async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const usage = async () =>
      (await server.get<{ data: Subscription }>('wallet/subscription-detail/', as(owner, hub))).body.data.usage.spaces;
    expect(await usage()).toBe(0);
    const made = [];
    for (let i = 0; i < FREE_PLAN.limits.spaces; i++) made.push(await createSpace(server, i % 2 ? owner : editor, hub));
    expect(await usage()).toBe(FREE_PLAN.limits.spaces);

    const refused = await server.post<ErrorBody>('spaces/', { name: 'One more', visibility: 'public' }, as(editor, hub));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      code: 'plan_limit',
      message: `This hub has reached the Free plan's limit of ${FREE_PLAN.limits.spaces} spaces. Ask Hub Owner to upgrade the plan. Archiving a space you no longer need also frees a place.`,
    });
    // Written for the reader: the owner, who may change the plan, is pointed to Billing.
    const ownRefusal = await server.post<ErrorBody>('spaces/', { name: 'One more', visibility: 'public' }, as(owner, hub));
    expect(ownRefusal.body).toEqual({
      code: 'plan_limit',
      message: `This hub has reached the Free plan's limit of ${FREE_PLAN.limits.spaces} spaces. Upgrade to Team on the Billing page. Archiving a space you no longer need also frees a place.`,
    });

    expect((await server.post(`spaces/${made[0]!.id}/archive/`, {}, as(owner, hub))).status).toBe(200);
    expect(await usage()).toBe(FREE_PLAN.limits.spaces - 1);
    // Restoring would go over the limit again once the slot is taken.
    await createSpace(server, owner, hub);
    const restore = await server.post<ErrorBody>(`spaces/${made[0]!.id}/restore/`, {}, as(owner, hub));
    expect(restore.status).toBe(422);
    expect(restore.body.code).toBe('plan_limit');
  });

  it('lets a hub on a bigger plan create more', async () => {
    const { hub, owner } = await hubWithPeople(server);
    await server.db.update(subscriptions).set({ planCode: 'team' }).where(eq(subscriptions.hubId, hub.id));
    for (let i = 0; i <= FREE_PLAN.limits.spaces; i++) await createSpace(server, owner, hub);
    const detail = await server.get<{ data: Subscription }>('wallet/subscription-detail/', as(owner, hub));
    expect(detail.body.data.usage.spaces).toBe(FREE_PLAN.limits.spaces + 1);
    expect(detail.body.data.limits.spaces).toBe(plans.team.limits.spaces);
  });

  it('never lets two concurrent creates both take the last slot', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    for (let i = 0; i < FREE_PLAN.limits.spaces - 1; i++) await createSpace(server, owner, hub);
    const results = await Promise.all([owner, editor, owner, editor].map((p, i) =>
      server.post('spaces/', { name: `Race ${i}`, visibility: 'public' }, as(p, hub))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
  });
});

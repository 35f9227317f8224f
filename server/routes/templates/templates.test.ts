import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_TEMPLATE_ID, type Template, type TemplateField } from '../../../lib/contract/templates';
import { auditEvents } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, hubWithPeople, type ErrorBody, type HubWithPeople } from '../spaces/space-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface TemplateBody { data: Template; message?: string }
interface TemplatePage { data: Template[]; count: number; page: number; page_size: number }

const fields: TemplateField[] = [
  { key: 'title', label: 'Title', type: 'text', required: true },
  { key: 'amount', label: 'Amount', type: 'number', required: false, min: 0 },
];

async function createTemplate(world: HubWithPeople, name: string, body: Partial<{ description: string; fields: TemplateField[] }> = {}) {
  const res = await server.post<TemplateBody>('form-templates/', { name, fields, ...body }, as(world.editor, world.hub));
  if (res.status !== 201) throw new Error(`create template failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

describe('form templates', () => {
  it('lists the built-in contact template first, then the hub’s by name, archived ones only when asked', async () => {
    const world = await hubWithPeople(server);
    const zebra = await createTemplate(world, 'zebra sightings');
    const asset = await createTemplate(world, 'Assets');
    const old = await createTemplate(world, 'Old');
    expect((await server.patch(`form-templates/${old.id}/`, { version: 1, archived: true }, as(world.owner, world.hub))).status).toBe(200);

    const live = await server.get<TemplatePage>('form-templates/', as(world.viewer, world.hub));
    expect(live.status).toBe(200);
    expect(live.body.count).toBe(3);
    expect(live.body.data.map((t) => t.name)).toEqual(['Contact', 'Assets', 'zebra sightings']);
    expect(live.body.data[0]).toMatchObject({ id: CONTACT_TEMPLATE_ID, built_in: true, abilities: { update: false, archive: false } });
    expect(live.body.data[1]).toMatchObject({ id: asset.id, built_in: false, archived: false, version: 1, abilities: { update: false, archive: false } });

    const all = await server.get<TemplatePage>('form-templates/?archived=true', as(world.editor, world.hub));
    expect(all.body.data.map((t) => [t.name, t.archived, t.abilities.update])).toEqual([
      ['Contact', false, false], ['Assets', false, true], ['Old', true, true], ['zebra sightings', false, true],
    ]);
    const second = await server.get<TemplatePage>('form-templates/?page=2&page_size=2', as(world.viewer, world.hub));
    expect(second.body).toMatchObject({ count: 3, page: 2, page_size: 2 });
    expect(second.body.data.map((t) => t.id)).toEqual([zebra.id]);
  });

  it('lets hub editors create a template; viewers may not; names are unique whatever their case', async () => {
    const world = await hubWithPeople(server);
    const created = await server.post<TemplateBody>('form-templates/', { name: ' Assets ', description: 'Kit we own', fields }, as(world.editor, world.hub));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Assets', description: 'Kit we own', fields, built_in: false, archived: false, version: 1 });

    const viewer = await server.post<ErrorBody>('form-templates/', { name: 'Mine', fields }, as(world.viewer, world.hub));
    expect(viewer.status).toBe(403);
    expect(viewer.body.code).toBe('forbidden');

    const taken = await server.post<ErrorBody>('form-templates/', { name: 'ASSETS', fields }, as(world.owner, world.hub));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'conflict', errors: { name: ['There is already a template named "ASSETS"'] } });
    expect((await server.post<ErrorBody>('form-templates/', { name: 'contact', fields }, as(world.owner, world.hub))).status).toBe(409);

    const invalid = await server.post<ErrorBody>('form-templates/', { name: '', fields: [] }, as(world.owner, world.hub));
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({ name: ['Please enter Name'], fields: ['Please add at least one field'] });
  });

  it('reads one template; another hub’s member, no token and a bad token get nothing', async () => {
    const world = await hubWithPeople(server);
    const other = await hubWithPeople(server);
    const template = await createTemplate(world, 'Assets');
    const one = await server.get<TemplateBody>(`form-templates/${template.id}/`, as(world.viewer, world.hub));
    expect(one.body.data).toMatchObject({ id: template.id, name: 'Assets', fields });
    const contact = await server.get<TemplateBody>(`form-templates/${CONTACT_TEMPLATE_ID}/`, as(other.viewer, other.hub));
    expect(contact.body.data.fields.map((f) => f.key)).toEqual(['name', 'email', 'contact_number', 'occupation', 'company_name', 'address', 'about']);

    const foreign = await server.get<ErrorBody>(`form-templates/${template.id}/`, as(other.owner, other.hub));
    expect(foreign.status).toBe(404);
    expect((await server.patch(`form-templates/${template.id}/`, { version: 1, name: 'Mine' }, as(other.owner, other.hub))).status).toBe(404);
    expect((await server.get(`form-templates/${template.id}/`, { hubHandle: world.hub.domain_handle })).status).toBe(401);
    expect((await server.get('form-templates/', { authorization: 'Bearer not-a-token', hubHandle: world.hub.domain_handle })).status).toBe(401);
  });

  it('changes a template on top of its version, and refuses a stale one', async () => {
    const world = await hubWithPeople(server);
    const template = await createTemplate(world, 'Assets');
    const renamed = await server.patch<TemplateBody>(`form-templates/${template.id}/`, { version: 1, name: 'Equipment', description: 'Ours' }, as(world.editor, world.hub));
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Equipment', description: 'Ours', version: 2 });

    const stale = await server.patch<ErrorBody>(`form-templates/${template.id}/`, { version: 1, name: 'Kit' }, as(world.owner, world.hub));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('edit_conflict');
    expect((await server.get<TemplateBody>(`form-templates/${template.id}/`, as(world.viewer, world.hub))).body.data.name).toBe('Equipment');

    expect((await server.patch(`form-templates/${template.id}/`, { version: 2, name: 'Kit' }, as(world.viewer, world.hub))).status).toBe(403);
    const builtIn = await server.patch<ErrorBody>(`form-templates/${CONTACT_TEMPLATE_ID}/`, { version: 1, name: 'People' }, as(world.owner, world.hub));
    expect(builtIn.status).toBe(403);
  });

  it('keeps saved fields: no type change, no dropping, a removed field stays with its key', async () => {
    const world = await hubWithPeople(server);
    const template = await createTemplate(world, 'Assets');
    const retyped = await server.patch<ErrorBody>(
      `form-templates/${template.id}/`,
      { version: 1, fields: [fields[0], { ...fields[1], type: 'text' }] },
      as(world.editor, world.hub),
    );
    expect(retyped.status).toBe(422);
    expect(retyped.body.code).toBe('validation_error');
    expect(retyped.body.errors?.fields).toEqual(['Amount keeps its type once saved, so records stay readable']);

    const dropped = await server.patch<ErrorBody>(`form-templates/${template.id}/`, { version: 1, fields: [fields[0]] }, as(world.editor, world.hub));
    expect(dropped.status).toBe(422);
    expect(dropped.body.errors?.fields).toEqual(["Amount can't be deleted once saved; mark it removed instead"]);

    const removed = await server.patch<TemplateBody>(
      `form-templates/${template.id}/`,
      { version: 1, fields: [fields[0], { ...fields[1], removed: true }, { key: 'owner', label: 'Owner', type: 'text', required: true }] },
      as(world.editor, world.hub),
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data.fields.map((f) => [f.key, f.removed ?? false])).toEqual([['title', false], ['amount', true], ['owner', false]]);

    const reused = await server.patch<ErrorBody>(
      `form-templates/${template.id}/`,
      { version: 2, fields: [fields[0], { key: 'owner', label: 'Owner', type: 'text' }] },
      as(world.editor, world.hub),
    );
    expect(reused.status).toBe(422);
  });

  it('archives and restores, and the hub’s audit trail shows every change', async () => {
    const world = await hubWithPeople(server);
    const template = await createTemplate(world, 'Assets');
    const archived = await server.patch<TemplateBody>(`form-templates/${template.id}/`, { version: 1, archived: true }, as(world.owner, world.hub));
    expect(archived.body).toMatchObject({ message: 'Assets is archived.', data: { archived: true, version: 2 } });
    const restored = await server.patch<TemplateBody>(`form-templates/${template.id}/`, { version: 2, archived: false }, as(world.owner, world.hub));
    expect(restored.body).toMatchObject({ message: 'Assets is restored.', data: { archived: false, version: 3 } });
    await server.patch(`form-templates/${template.id}/`, { version: 3, name: 'Equipment' }, as(world.editor, world.hub));

    const trail = await server.db.select().from(auditEvents).where(eq(auditEvents.hubId, world.hub.id)).orderBy(asc(auditEvents.createdAt));
    const events = trail.filter((e) => e.type.startsWith('template_'));
    expect(events.map((e) => [e.type, e.actorId])).toEqual([
      ['template_created', world.editor.user.id],
      ['template_archived', world.owner.user.id],
      ['template_restored', world.owner.user.id],
      ['template_updated', world.editor.user.id],
    ]);
    expect(events[3]?.data).toEqual({ target: { kind: 'template', id: template.id, name: 'Equipment' }, changes: ['name'] });
  });

  it('never answers 500 to odd bodies', async () => {
    const world = await hubWithPeople(server);
    const template = await createTemplate(world, 'Assets');
    const odd: unknown[] = [
      null, [], 'text', 42, { name: 7 }, { name: 'x', fields: 'no' }, { name: 'x', fields: [{}] }, { name: 'x', fields: [null] },
      { name: 'x', fields: [{ key: 'a', label: 'A', type: 'form', fields: [{ key: 'b', label: 'B', type: 'form' }] }] },
      { name: 'x', fields: [{ key: 'a', label: 'A', type: 'select', options: ['1', '1'] }] },
      { name: 'x\u0000y', fields }, { version: 'one' }, { version: 1, fields: [{ key: 'title', label: 'T', type: 'nope' }] },
      { version: 1, archived: 'yes' }, { version: 1e20 }, { version: 1, name: 'y'.repeat(5000) },
    ];
    for (const body of odd) {
      const created = await server.post('form-templates/', body, as(world.owner, world.hub));
      const updated = await server.patch(`form-templates/${template.id}/`, body, as(world.owner, world.hub));
      expect([created.status, updated.status].every((s) => s >= 400 && s < 500), JSON.stringify(body)).toBe(true);
    }
  });
});

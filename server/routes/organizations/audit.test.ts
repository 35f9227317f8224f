import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../lib/contract/audit';
import type { MyHub } from '../../../lib/contract/hubs';
import type { Space } from '../../../lib/contract/spaces';
import { auditEvents, spaceMemberships } from '../../db/schema';
import { createUser } from '../../test/fixtures';
import { startTestServer, type RequestOptions, type TestServer } from '../../test/harness';
import { addMember, createStaffedHub, itGuardsHubEndpoint, type StaffedHub } from './members-cases';

let server: TestServer;
let staffed: StaffedHub;
beforeAll(async () => {
  server = await startTestServer();
  staffed = await createStaffedHub(server);
});
afterAll(async () => { await server.close(); });

interface Page { data: AuditEvent[]; count: number; page: number; page_size: number }
const as = (person: { token: string }, hub: MyHub): RequestOptions => ({ token: person.token, hubHandle: hub.domain_handle });
const auditPath = (hub: MyHub, query = '') => `organizations/${hub.domain_handle}/audit/${query}`;
const exportPath = (hub: MyHub, query = '') => `organizations/${hub.domain_handle}/audit/export/${query}`;

/** Events written straight into the trail, one minute apart, oldest first. */
async function insertEvents(rows: Array<Partial<typeof auditEvents.$inferInsert> & { type: string }>, start = Date.now() - 24 * 60 * 60_000) {
  await server.db.insert(auditEvents).values(rows.map((row, i) => ({ ...row, createdAt: row.createdAt ?? new Date(start + i * 60_000) })));
}

/** CSV text as rows of cells (the export quotes every cell). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\ufeff/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\r' && body[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; }
    else cell += c;
  }
  return rows;
}

describe('GET organizations/{handle}/audit/', () => {
  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.get(auditPath(s.hub), auth),
    forbiddenFor: ['viewer', 'editor'],
  });

  it("lists the hub's events and its members' account events, newest first, naming actor and subject", async () => {
    const s = await createStaffedHub(server);
    const stranger = await createUser(server, { name: 'Sam Stranger' });
    const res0 = await server.patch(`organizations/${s.hub.domain_handle}/members/${s.viewer.user.id}/`, { role: 'editor' }, as(s.owner, s.hub));
    expect(res0.status).toBe(200);
    await insertEvents([
      { type: 'sign_in', actorId: s.viewer.user.id, subjectId: s.viewer.user.id, data: { method: 'password' } },
      { type: 'sign_in', actorId: stranger.user.id, subjectId: stranger.user.id, data: { method: 'password' } },
      { type: 'member_role_changed', hubId: s.outsiderHub.id, actorId: s.outsider.user.id, data: { from: 'viewer', to: 'editor' } },
    ]);

    const res = await server.get<Page>(auditPath(s.hub), as(s.owner, s.hub));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, page_size: 10 });
    expect(res.body.data.map((e) => e.type)).toEqual(['member_role_changed', 'sign_in']);
    expect(res.body.count).toBe(2);
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      type: 'member_role_changed',
      actor: { id: s.owner.user.id, name: 'Olive Owner', email: s.owner.email },
      subject: { id: s.viewer.user.id, name: 'Vera Viewer', email: s.viewer.email },
      data: { target: { kind: 'member', id: s.viewer.user.id, name: 'Vera Viewer' }, from: 'viewer', to: 'editor' },
      ip: '127.0.0.1',
      user_agent: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(stranger.user.id);
    expect(text).not.toContain(s.outsider.user.id);
  });

  it('shows the account events of members only while they are members', async () => {
    const s = await createStaffedHub(server);
    await insertEvents([{ type: 'two_factor_enabled', actorId: s.editor.user.id, subjectId: s.editor.user.id }]);
    const types = async () => (await server.get<Page>(auditPath(s.hub), as(s.owner, s.hub))).body.data.map((e) => e.type);
    expect(await types()).toEqual(['two_factor_enabled']);
    expect((await server.request('DELETE', `organizations/${s.hub.domain_handle}/members/${s.editor.user.id}/`, as(s.owner, s.hub))).status).toBe(200);
    // The removal is the hub's event and stays; the former member's own account is no longer the hub's business.
    expect(await types()).toEqual(['member_removed']);
  });

  it('filters by person (actor or subject), type and dates, and pages', async () => {
    const s = await createStaffedHub(server);
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    const org = s.hub.id;
    await insertEvents([
      { type: 'space_created', hubId: org, actorId: s.editor.user.id, createdAt: day('2030-01-01') },
      { type: 'member_role_changed', hubId: org, actorId: s.owner.user.id, subjectId: s.editor.user.id, createdAt: day('2030-01-02') },
      { type: 'member_role_changed', hubId: org, actorId: s.owner.user.id, subjectId: s.viewer.user.id, createdAt: day('2030-01-03') },
      { type: 'space_archived', hubId: org, actorId: s.owner.user.id, createdAt: day('2030-01-04') },
    ]);
    const find = async (query: string) => {
      const res = await server.get<Page>(auditPath(s.hub, `?${query}`), as(s.owner, s.hub));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.filter((e) => e.created_at.startsWith('2030')).map((e) => `${e.type}@${e.created_at.slice(8, 10)}`);
    };
    expect(await find(`person=${s.editor.user.id}`)).toEqual(['member_role_changed@02', 'space_created@01']);
    expect(await find('type=member_role_changed')).toEqual(['member_role_changed@03', 'member_role_changed@02']);
    expect(await find('from=2030-01-02&to=2030-01-03')).toEqual(['member_role_changed@03', 'member_role_changed@02']);
    expect(await find('from=2030-01-02T12:00:01Z&to=2030-01-04T12:00:00Z')).toEqual(['member_role_changed@03']);
    expect(await find(`type=member_role_changed&person=${s.viewer.user.id}&from=2030-01-01`)).toEqual(['member_role_changed@03']);

    const first = await server.get<Page>(auditPath(s.hub, '?page_size=3'), as(s.owner, s.hub));
    const second = await server.get<Page>(auditPath(s.hub, '?page_size=3&page=2'), as(s.owner, s.hub));
    expect(first.body).toMatchObject({ count: 4, page: 1, page_size: 3 });
    expect(first.body.data.map((e) => e.type)).toEqual(['space_archived', 'member_role_changed', 'member_role_changed']);
    expect(second.body.data.map((e) => e.type)).toEqual(['space_created']);
  });

  it("answers 404 to a person filter naming someone the hub does not know, like an id of nobody", async () => {
    const s = await createStaffedHub(server);
    const other = await server.get(auditPath(s.hub, `?person=${s.outsider.user.id}`), as(s.owner, s.hub));
    const nobody = await server.get(auditPath(s.hub, `?person=${randomUUID()}`), as(s.owner, s.hub));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'That member was not found.', code: 'not_found' });
    expect(nobody.body).toEqual(other.body);
  });

  it('still finds a former member the trail mentions', async () => {
    const s = await createStaffedHub(server);
    await server.request('DELETE', `organizations/${s.hub.domain_handle}/members/${s.viewer.user.id}/`, as(s.owner, s.hub));
    const res = await server.get<Page>(auditPath(s.hub, `?person=${s.viewer.user.id}`), as(s.owner, s.hub));
    expect(res.body.data.map((e) => e.type)).toEqual(['member_removed']);
  });

  it('refuses filters it cannot read with 400 and field errors', async () => {
    for (const [query, field] of [['type=nonsense', 'type'], ['from=yesterday', 'from'], ['to=2030-02-30', 'to'], ['person=me', 'person']]) {
      const res = await server.get(auditPath(staffed.hub, `?${query}`), as(staffed.owner, staffed.hub));
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ code: 'validation_error', errors: { [field!]: [expect.any(String)] } });
    }
  });

  it('does not name to an owner a shared space they are not in, nor what was in it', async () => {
    const s = await createStaffedHub(server);
    const editorAs = as(s.editor, s.hub);
    const secret = (await server.post<{ data: Space }>('spaces/', { name: 'Secret Plans', visibility: 'shared' }, editorAs)).body.data;
    const mine = (await server.post<{ data: Space }>('spaces/', { name: 'Editor Private', visibility: 'private' }, editorAs)).body.data;
    const note = await server.post<{ data: { id: string } }>(`spaces/${secret.id}/contents/notes/`, { title: 'Merger memo', body: 'x' }, editorAs);
    expect((await server.request('DELETE', `spaces/${secret.id}/contents/${note.body.data.id}/`, editorAs)).status).toBe(200);
    expect((await server.patch(`spaces/${secret.id}/`, { name: 'Secret Plans 2' }, editorAs)).status).toBe(200);

    const res = await server.get<Page>(auditPath(s.hub), as(s.owner, s.hub));
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('Secret Plans');
    expect(text).not.toContain('Merger memo');
    // A private space is its creator's and the hub owner's: the owner sees its name.
    expect(text).toContain('Editor Private');
    const deleted = res.body.data.find((e) => e.type === 'content_deleted');
    expect(deleted?.data).toMatchObject({ target: { kind: 'content', id: note.body.data.id }, space: { id: secret.id } });
    expect(deleted?.data).not.toHaveProperty('target.name');
    expect(res.body.data.find((e) => e.type === 'space_created' && e.data.target && JSON.stringify(e.data).includes(mine.id))).toBeDefined();

    // Once the owner joins the space, its history reads in full.
    await server.db.insert(spaceMemberships)
      .values({ spaceId: secret.id, userId: s.owner.user.id, hubId: s.hub.id, role: 'viewer' });
    expect(JSON.stringify((await server.get<Page>(auditPath(s.hub), as(s.owner, s.hub))).body)).toContain('Merger memo');
  });
});

describe('GET organizations/{handle}/audit/export/', () => {
  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.get(exportPath(s.hub), auth),
    forbiddenFor: ['viewer', 'editor'],
  });

  it('downloads the filtered trail as CSV with a readable sentence per row', async () => {
    const s = await createStaffedHub(server);
    await server.patch(`organizations/${s.hub.domain_handle}/members/${s.viewer.user.id}/`, { role: 'editor' }, as(s.owner, s.hub));
    await insertEvents([{ type: 'space_created', hubId: s.hub.id, actorId: s.editor.user.id, data: { target: { kind: 'space', id: randomUUID(), name: 'Old' } } }]);

    const res = await server.get<string>(exportPath(s.hub, '?type=member_role_changed'), as(s.owner, s.hub));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="audit-${s.hub.domain_handle}-\\d{4}-\\d\\d-\\d\\d\\.csv"`));
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['time', 'event', 'description', 'actor_name', 'actor_email', 'subject_name', 'subject_email', 'ip', 'user_agent', 'details']);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 8)).toEqual([
      'Member role changed', 'Olive Owner changed Vera Viewer’s role from Viewer to Editor',
      'Olive Owner', s.owner.email, 'Vera Viewer', s.viewer.email, '127.0.0.1',
    ]);
    expect(JSON.parse(rows[1]![9]!)).toMatchObject({ from: 'viewer', to: 'editor' });
    // A byte-order mark first, so spreadsheets read UTF-8 (fetch's text() drops it, so look at the bytes).
    const raw = await fetch(`${server.url}/api/v1/${exportPath(s.hub)}`, { headers: { Authorization: `JWT ${s.owner.token}` } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x22]);
  });

  it('neutralises spreadsheet formulas in every cell and keeps commas, quotes and line breaks inside their cell', async () => {
    const s = await createStaffedHub(server);
    const evil = await addMember(server, s.hub, 'viewer', { name: '=HYPERLINK("http://evil.test","x")' });
    await insertEvents([
      { type: 'invitation_sent', hubId: s.hub.id, actorId: evil.user.id, userAgent: '+cmd|\' /C calc\'!A0', ip: '@SUM(1+1)',
        data: { target: { kind: 'invitation', id: randomUUID(), name: 'x' }, email: '-2+3, "quoted"\nnext line', role: 'viewer' } },
    ]);
    const res = await server.get<string>(exportPath(s.hub, '?type=invitation_sent'), as(s.owner, s.hub));
    const [, row] = parseCsv(res.body);
    expect(row![3]).toBe('\'=HYPERLINK("http://evil.test","x")');
    expect(row![7]).toBe("'@SUM(1+1)");
    expect(row![8]).toBe("'+cmd|' /C calc'!A0");
    expect(row![2]).toBe('\'=HYPERLINK("http://evil.test","x") invited -2+3, "quoted"\nnext line as Viewer');
    for (const cell of row!) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('exports every matching row across batches, newest first, none twice', async () => {
    const s = await createStaffedHub(server);
    const start = Date.now() - 7 * 24 * 60 * 60_000;
    // Pairs of events in the same microsecond test that batches continue by (time, id), not time alone.
    await server.db.insert(auditEvents).values(Array.from({ length: 1203 }, (_, i) => ({
      type: 'meeting_started', hubId: s.hub.id, actorId: s.owner.user.id, data: { n: i },
      createdAt: new Date(start + Math.floor(i / 2) * 1000),
    })));
    const res = await server.get<string>(exportPath(s.hub, '?type=meeting_started'), as(s.owner, s.hub));
    const rows = parseCsv(res.body).slice(1);
    expect(rows).toHaveLength(1203);
    const numbers = rows.map((row) => (JSON.parse(row[9]!) as { n: number }).n);
    expect(new Set(numbers).size).toBe(1203);
    const times = rows.map((row) => row[0]!);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('the audit trail is append-only', () => {
  it('refuses UPDATE and DELETE in the database itself', async () => {
    await insertEvents([{ type: 'hub_archived', hubId: staffed.hub.id, actorId: staffed.owner.user.id }]);
    const [event] = await server.db.select().from(auditEvents).where(eq(auditEvents.type, 'hub_archived')).limit(1);
    // The trigger's own words, wherever the driver puts them (the error or its cause).
    const refusal = (error: unknown) => `${String(error)} ${String((error as { cause?: unknown }).cause)}`;
    const refused = /audit events cannot be changed or deleted/;
    expect(refusal(await server.db.update(auditEvents).set({ type: 'hub_updated' }).where(eq(auditEvents.id, event!.id)).catch((e: unknown) => e))).toMatch(refused);
    expect(refusal(await server.db.delete(auditEvents).where(eq(auditEvents.id, event!.id)).catch((e: unknown) => e))).toMatch(refused);
    // Row triggers do not see TRUNCATE; a statement trigger does.
    expect(refusal(await server.db.execute(sql`truncate audit_events`).catch((e: unknown) => e))).toMatch(refused);
    const [still] = await server.db.select().from(auditEvents).where(eq(auditEvents.id, event!.id));
    expect(still).toMatchObject({ type: 'hub_archived' });
  });

  it('offers no route that changes or deletes an entry', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await server.request(method, auditPath(staffed.hub), { ...as(staffed.owner, staffed.hub), body: {} });
      expect(res.status, method).toBe(404);
    }
  });
});

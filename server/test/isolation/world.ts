import { randomBytes, randomUUID } from 'node:crypto';
import { contentRows, contents, invitations, memberships, spaceMemberships, spaces } from '../../db/schema';
import { indexContent } from '../../domain/search/index-content';
import { randomToken, sha256 } from '../../lib/tokens';
import type { Role, SpaceVisibility } from '../../../lib/contract/settings';
import { createHub, createUser, uniqueHandle } from '../fixtures';
import { uniqueEmail, type TestServer } from '../harness';

export interface Actor {
  id: string;
  email: string;
  name: string;
  token: string;
}

export interface ContentFixture {
  id: string;
  name: string;
}

/** One ready item of each shape the content routes read: text, rows, a parsed email, a note. */
export interface SpaceContents {
  /** Its text holds the word "word", so a search for it finds this item. */
  document: ContentFixture;
  table: ContentFixture;
  email: ContentFixture;
  note: ContentFixture;
}

export interface SpaceFixture {
  id: string;
  name: string;
  description: string;
  visibility: SpaceVisibility;
  contents: SpaceContents;
}

export interface InvitationFixture {
  id: string;
  email: string;
  /** The secret of the emailed link (only its hash is stored). */
  token: string;
}

/** One hub with a person in every position the isolation matrix needs. */
export interface HubFixture {
  id: string;
  handle: string;
  name: string;
  owner: Actor;
  editor: Actor;
  viewer: Actor;
  /** A hub editor who created every space below and owns them. */
  spaceOwner: Actor;
  /** Hub viewers who are editor / viewer of `spaces.shared` only. */
  spaceEditor: Actor;
  spaceViewer: Actor;
  spaces: Record<SpaceVisibility, SpaceFixture>;
  /** A pending invitation to the hub, and to `spaces.shared`. */
  invitation: InvitationFixture;
  spaceInvitation: InvitationFixture;
  /** A signed-up person, in no hub, whose address `invitation` names. */
  invitee: Actor;
}

export interface World {
  a: HubFixture;
  b: HubFixture;
}

const tag = () => randomBytes(4).toString('hex');

async function actor(server: TestServer, label: string): Promise<Actor> {
  const name = `${label} ${tag()}`;
  const { user, token, email } = await createUser(server, { name, email: uniqueEmail('isolation.test') });
  return { id: user.id, email, name, token };
}

async function insertInvitation(
  server: TestServer,
  opts: { hubId: string; spaceId?: string; email: string; invitedBy: string },
): Promise<InvitationFixture> {
  const token = randomToken();
  const [row] = await server.db
    .insert(invitations)
    .values({
      hubId: opts.hubId,
      spaceId: opts.spaceId ?? null,
      email: opts.email,
      role: 'viewer',
      tokenHash: sha256(token),
      invitedBy: opts.invitedBy,
      expiresAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
    })
    .returning({ id: invitations.id });
  return { id: row!.id, email: opts.email, token };
}

/** A document, a table, an email and a note in one space, ready as processing leaves them. */
async function insertSpaceContents(
  server: TestServer,
  opts: { hubId: string; spaceId: string; createdBy: string; label: string },
): Promise<SpaceContents> {
  const common = { hubId: opts.hubId, spaceId: opts.spaceId, createdBy: opts.createdBy, status: 'ready' as const };
  const email = { subject: `${opts.label} subject ${tag()}`, from: 'a@example.com', to: 'b@example.com', cc: '', date: null, attachments: [] };
  const rows = await server.db
    .insert(contents)
    .values([
      { ...common, kind: 'document', source: 'upload', name: `${opts.label} document ${tag()}.txt`, extension: 'txt', mimeType: 'text/plain', body: `${opts.label} word ${tag()}` },
      {
        ...common, kind: 'table', source: 'upload', name: `${opts.label} table ${tag()}.csv`, extension: 'csv', mimeType: 'text/csv',
        details: { columns: [{ name: 'Name', type: 'text' }], row_count: 2 },
      },
      { ...common, kind: 'email', source: 'upload', name: `${opts.label} email ${tag()}.eml`, extension: 'eml', mimeType: 'message/rfc822', body: 'Hello', details: { email } },
      { ...common, kind: 'general', source: 'note', name: `${opts.label} note ${tag()}`, body: 'Jotted down' },
    ])
    .returning({ id: contents.id, name: contents.name, kind: contents.kind, body: contents.body });
  const [document, table, mail, note] = rows;
  await server.db.insert(contentRows).values([['Ada'], ['Grace']].map((cells, rowIndex) => ({
    contentId: table!.id, hubId: opts.hubId, rowIndex, cells,
  })));
  await indexContent({ db: server.db, hubId: opts.hubId, contentId: document!.id, name: document!.name, body: document!.body });
  const fixture = (row: typeof document) => ({ id: row!.id, name: row!.name });
  return { document: fixture(document), table: fixture(table), email: fixture(mail), note: fixture(note) };
}

/**
 * A hub made the way the product makes one (created through the API by its
 * owner), with its other members, spaces, their contents and invitations
 * written directly to the database so a fresh hub costs a few milliseconds.
 */
async function createHubFixture(server: TestServer, label: string): Promise<HubFixture> {
  const owner = await actor(server, `${label} owner`);
  const handle = uniqueHandle(label.toLowerCase());
  const hub = await createHub(server, owner.token, { domain_handle: handle, name: `${label} hub ${tag()}`, visibility: 'shared' });
  const [editor, viewer, spaceOwner, spaceEditor, spaceViewer, invitee] = await Promise.all(
    ['editor', 'viewer', 'space owner', 'space editor', 'space viewer', 'invitee'].map((role) => actor(server, `${label} ${role}`)),
  );
  const hubRoles: Array<[Actor, Role]> = [
    [editor!, 'editor'], [viewer!, 'viewer'], [spaceOwner!, 'editor'], [spaceEditor!, 'viewer'], [spaceViewer!, 'viewer'],
  ];
  await server.db.insert(memberships).values(hubRoles.map(([who, role]) => ({ hubId: hub.id, userId: who.id, role })));

  const spaceRows = await server.db
    .insert(spaces)
    .values((['public', 'shared', 'private'] as const).map((visibility) => ({
      hubId: hub.id,
      name: `${label} ${visibility} space ${tag()}`,
      description: `${label} ${visibility} notes ${tag()}`,
      visibility,
      createdBy: spaceOwner!.id,
    })))
    .returning();
  const byVisibility = Object.fromEntries(await Promise.all(spaceRows.map(async (row) => [row.visibility, {
    id: row.id, name: row.name, description: row.description ?? '', visibility: row.visibility as SpaceVisibility,
    contents: await insertSpaceContents(server, { hubId: hub.id, spaceId: row.id, createdBy: spaceOwner!.id, label: `${label} ${row.visibility}` }),
  }]))) as Record<SpaceVisibility, SpaceFixture>;
  await server.db.insert(spaceMemberships).values([
    ...spaceRows.map((row) => ({ spaceId: row.id, userId: spaceOwner!.id, hubId: hub.id, role: 'owner' })),
    { spaceId: byVisibility.shared.id, userId: spaceEditor!.id, hubId: hub.id, role: 'editor' },
    { spaceId: byVisibility.shared.id, userId: spaceViewer!.id, hubId: hub.id, role: 'viewer' },
  ]);

  const invitation = await insertInvitation(server, { hubId: hub.id, email: invitee!.email, invitedBy: owner.id });
  const spaceInvitation = await insertInvitation(server, {
    hubId: hub.id, spaceId: byVisibility.shared.id, email: uniqueEmail('isolation.test'), invitedBy: spaceOwner!.id,
  });
  return {
    id: hub.id, handle: hub.domain_handle, name: hub.name,
    owner, editor: editor!, viewer: viewer!, spaceOwner: spaceOwner!, spaceEditor: spaceEditor!, spaceViewer: spaceViewer!,
    spaces: byVisibility, invitation, spaceInvitation, invitee: invitee!,
  };
}

export async function createWorld(server: TestServer): Promise<World> {
  const [a, b] = await Promise.all([createHubFixture(server, 'Alpha'), createHubFixture(server, 'Bravo')]);
  return { a: a!, b: b! };
}

const CONTENT_SHAPES = ['document', 'table', 'email', 'note'] as const;

/** Every item of the hub, space by space in a fixed order (so two hubs' lists pair up). */
const contentsOf = (hub: HubFixture): ContentFixture[] =>
  (['public', 'shared', 'private'] as const).flatMap((v) => CONTENT_SHAPES.map((shape) => hub.spaces[v].contents[shape]));

/**
 * `value` with each identifier swapped through JSON. Fields JSON cannot hold
 * (a multipart body's factory) name nothing of a hub and carry over as they are.
 */
function swapped<T>(value: T, swaps: Iterable<[string, string]>): T {
  let json = JSON.stringify(value);
  for (const [from, to] of swaps) json = json.split(from).join(to);
  const result = JSON.parse(json) as T;
  return value !== null && typeof value === 'object' ? { ...value, ...result } : result;
}

/** Everything that identifies hub A and its people, spaces, contents and invitations: none of it may reach an outsider. */
export function secretsOf(hub: HubFixture): string[] {
  const people = [hub.owner, hub.editor, hub.viewer, hub.spaceOwner, hub.spaceEditor, hub.spaceViewer, hub.invitee];
  return [
    hub.id, hub.handle, hub.name,
    ...people.flatMap((p) => [p.id, p.email, p.name]),
    ...Object.values(hub.spaces).flatMap((s) => [s.id, s.name, s.description]),
    ...contentsOf(hub).flatMap((c) => [c.id, c.name]),
    ...[hub.invitation, hub.spaceInvitation].flatMap((i) => [i.id, i.email, i.token]),
  ];
}

/**
 * The same request with every identifier of the hub (its handle, ids of its
 * people, spaces, contents and invitations, invitation tokens) swapped for
 * one that exists nowhere: what asking for a missing resource looks like.
 */
export function ghostOf<T>(request: T, hub: HubFixture): T {
  const people = [hub.owner, hub.editor, hub.viewer, hub.spaceOwner, hub.spaceEditor, hub.spaceViewer, hub.invitee];
  const swaps = new Map<string, string>([
    [hub.handle, `ghost-${randomBytes(5).toString('hex')}`],
    ...[hub.id, ...people.map((p) => p.id), ...Object.values(hub.spaces).map((s) => s.id), hub.invitation.id, hub.spaceInvitation.id]
      .map((id): [string, string] => [id, randomUUID()]),
    ...contentsOf(hub).map((c): [string, string] => [c.id, randomUUID()]),
    ...[hub.invitation.token, hub.spaceInvitation.token].map((token): [string, string] => [token, randomToken()]),
  ]);
  return swapped(request, swaps);
}

/**
 * The same request with the ids of hub `from`'s people, spaces, contents and
 * invitations (not its handle) replaced by their counterparts in hub `to`: a
 * member of `from` reaching, through their own hub, for another hub's things.
 */
export function crossedOf<T>(request: T, from: HubFixture, to: HubFixture): T {
  const roles = ['owner', 'editor', 'viewer', 'spaceOwner', 'spaceEditor', 'spaceViewer', 'invitee'] as const;
  const swaps: Array<[string, string]> = [
    ...roles.map((role): [string, string] => [from[role].id, to[role].id]),
    ...(['public', 'shared', 'private'] as const).map((v): [string, string] => [from.spaces[v].id, to.spaces[v].id]),
    [from.invitation.id, to.invitation.id],
    [from.spaceInvitation.id, to.spaceInvitation.id],
    [from.invitation.token, to.invitation.token],
    ...contentsOf(from).map((mine, i): [string, string] => [mine.id, contentsOf(to)[i]!.id]),
  ];
  return swapped(request, swaps);
}

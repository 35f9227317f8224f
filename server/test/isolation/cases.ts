import { inArray } from 'drizzle-orm';
import { contents, formTemplates, recordImports, records, sessions, spaces } from '../../db/schema';
import { CONTACT_TEMPLATE_ID } from '../../../lib/contract/templates';
import { savePassages } from '../../domain/passages/save-passages';
import type { Role } from '../../../lib/contract/settings';
import { uniqueEmail, type TestServer } from '../harness';
import { uniqueHandle } from '../fixtures';
import { twoFactorMatrixCases, twoFactorPublicRoutes } from './two-factor-cases';
import type { HubFixture, SpaceContents, SpaceFixture } from './world';

/**
 * Routes anyone may call without signing in. Each is here on purpose; a
 * route in neither this list nor `matrixCases` fails the isolation test.
 */
export const publicRoutes: Record<string, string> = {
  'GET health/': 'liveness probe, no data',
  'GET openapi.json/': 'the API description, generated from the schemas',
  'POST auth/register/': 'sign-up',
  'POST auth/register/verify/': 'sign-up: the emailed code',
  'POST auth/register/resend/': 'sign-up: mail the code again',
  'POST auth/login/': 'sign-in',
  'POST auth/google/': 'sign-in with a Google ID token',
  'POST auth/password/forgot/': 'mails a reset link; answers the same whether the address exists or not',
  'POST auth/password/reset/': 'the reset link: its single-use token is the credential',
  'GET invitations/:token/': 'what an emailed invitation offers: the unguessable token is the credential',
  // Covered route by route in server/routes/files/files.test.ts.
  'GET files/:content_id/:variant/': "a content item's file: the signed address is the credential, checked against its session and the reader's access",
  // Covered in server/routes/meetings/signalling.test.ts: no join, bad token, another hub's member, abuse.
  'GET meetings/signal/': 'the meeting signalling WebSocket: its first message carries the session token and is checked like a request',
  'GET files/:content_id/attachments/:index/': "an email's attachment: the signed address is the credential, checked like the files above",
  // Covered in server/routes/account/photo.test.ts.
  'GET auth/photos/:key/': "a person's photo: the random key, new with every upload, is the credential; a removed photo is gone",
  ...twoFactorPublicRoutes,
};

export interface CaseTarget {
  /** Hub A: the hub whose data the case tries to reach. */
  hub: HubFixture;
  /** For space cases: the space of hub A the request names. */
  space: SpaceFixture;
}

export interface CaseRequest {
  /** Relative to /api/v1/. */
  path: string;
  body?: unknown;
  /** A multipart body instead (uploads); a factory, as a FormData is sent only once. */
  form?: () => FormData;
  headers?: Record<string, string>;
}

interface BaseCase {
  /** The route key, `METHOD path/` as registered relative to /api/v1/ (see routeKey). */
  route: string;
  /** A valid request against hub A, or against `target.space` of hub A. */
  request: (target: CaseTarget) => CaseRequest;
  /** Puts hub A in the state the valid request needs, once the hubs exist. */
  prepare?: (server: TestServer, hub: HubFixture) => Promise<void>;
}

/** Needs a signed-in person only; has no hub data to protect (or protects it itself: see `outsiderSees404`). */
export interface AccountCase extends BaseCase {
  scope: 'account';
  /** Names hub A, which is shared: a member of hub B must get 404 and nothing of A. */
  outsiderSees404?: boolean;
  /** Who makes the valid request: a viewer of hub A unless said; false where no outsider-safe success exists. */
  succeeds?: false | 'invitee';
}

/** Acts on hub A, named by the Org-Handle header or in the path, needing at least `minimum`. */
export interface HubCase extends BaseCase {
  scope: 'hub';
  minimum: Role;
  /** Lists spaces: hub members outside the shared and private spaces must find nothing of them in it. */
  listsSpaces?: boolean;
}

/**
 * Acts on a space of hub A, needing at least `minimum` as the caller's
 * effective role in it. Role checks and the valid request use the shared
 * space (`spaceEditor`, `spaceViewer` are hub viewers with that space role;
 * `spaceOwner` created it) unless `space: 'public'` (joining: no role needed).
 */
export interface SpaceCase extends BaseCase {
  scope: 'space';
  minimum: Role;
  space?: 'public';
}

export type MatrixCase = AccountCase | HubCase | SpaceCase;

const hubPath = (target: CaseTarget, rest = '') => `organizations/${target.hub.handle}/${rest}`;
const spacePath = (target: CaseTarget, rest = '') => `spaces/${target.space.id}/${rest}`;
/** An item of the space the case names, of the shape the route reads. */
const contentPath = (target: CaseTarget, shape: keyof SpaceContents, rest = '') =>
  spacePath(target, `contents/${target.space.contents[shape].id}/${rest}`);

function textFile(): FormData {
  const form = new FormData();
  form.append('file', new Blob(['Minutes of the weekly meeting.'], { type: 'text/plain' }), 'minutes.txt');
  return form;
}

/** A one-pixel PNG. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function photoFile(): FormData {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(ONE_PIXEL_PNG, 'base64')], { type: 'image/png' }), 'me.png');
  return form;
}

async function archiveSpaces(server: TestServer, hub: HubFixture) {
  const ids = Object.values(hub.spaces).map((space) => space.id);
  await server.db.update(spaces).set({ archivedAt: new Date() }).where(inArray(spaces.id, ids));
}

/** A question hub A's viewer asked, by hub id. */
const askedQuestions = new Map<string, string>();

/** Passages for the document of each of hub A's spaces, each naming its space, for Ask to find. */
async function savePassagesOfDocuments(server: TestServer, hub: HubFixture) {
  for (const space of Object.values(hub.spaces)) {
    const body = `The word of this space is kept in ${space.name}.`;
    await savePassages({ db: server.db, hubId: hub.id, contentId: space.contents.document.id, body });
  }
}

/** A record table (the contact template) in each of hub A's spaces, by space id, and an import into each by the shared space's editor. */
const recordTables = new Map<string, string>();
const recordImportIds = new Map<string, string>();

async function insertRecordTables(server: TestServer, hub: HubFixture) {
  for (const space of Object.values(hub.spaces)) {
    const [table] = await server.db.insert(contents).values({
      hubId: hub.id, spaceId: space.id, kind: 'table', source: 'records', name: `Records of ${space.name}`, status: 'ready',
      createdBy: hub.spaceOwner.id, details: { template_id: CONTACT_TEMPLATE_ID, row_count: 0 },
    }).returning({ id: contents.id });
    recordTables.set(space.id, table!.id);
    const [imported] = await server.db.insert(recordImports).values({
      hubId: hub.id, contentId: table!.id, createdBy: hub.spaceEditor.id, columns: ['Name'], rows: [['Ada']],
    }).returning({ id: recordImports.id });
    recordImportIds.set(space.id, imported!.id);
  }
}

const recordsPath = (target: CaseTarget, rest = '') => spacePath(target, `contents/${recordTables.get(target.space.id)}/records/${rest}`);

/** One record in each of hub A's record tables, by space id. */
const recordIds = new Map<string, string>();

async function insertRecordTablesWithRecords(server: TestServer, hub: HubFixture) {
  await insertRecordTables(server, hub);
  for (const space of Object.values(hub.spaces)) {
    const [record] = await server.db.insert(records).values({
      hubId: hub.id, contentId: recordTables.get(space.id)!, values: { name: `Record of ${space.name}` }, createdBy: hub.spaceOwner.id,
    }).returning({ id: records.id });
    recordIds.set(space.id, record!.id);
  }
}

const recordPath = (target: CaseTarget) => recordsPath(target, `${recordIds.get(target.space.id)}/`);

/** A form template of hub A, by hub id. */
const templateIds = new Map<string, string>();

async function insertTemplate(server: TestServer, hub: HubFixture) {
  const [template] = await server.db.insert(formTemplates).values({
    hubId: hub.id, name: 'Assets', fields: [{ key: 'title', label: 'Title', type: 'text', required: true }],
  }).returning({ id: formTemplates.id });
  templateIds.set(hub.id, template!.id);
}

/** One row per signed-in route under /api/v1. */
/** The meeting each hub A's case started, by hub id. */
const meetingCodes = new Map<string, string>();
/** A second session of hub A's viewer (who makes account requests), by hub id: the one the case signs out. */
const viewerSessions = new Map<string, string>();

export const matrixCases: MatrixCase[] = [
  // Account: the caller's own user, sessions and global settings.
  { route: 'GET auth/me/', scope: 'account', request: () => ({ path: 'auth/me/' }) },
  { route: 'GET auth/logout/', scope: 'account', request: () => ({ path: 'auth/logout/' }) },
  { route: 'POST auth/logout/', scope: 'account', request: () => ({ path: 'auth/logout/', body: {} }) },
  {
    route: 'POST auth/password/change/', scope: 'account',
    request: () => ({ path: 'auth/password/change/', body: { current_password: 'Str0ng!Passw0rd', new_password: 'N3w!Passw0rd-x' } }),
  },
  // The caller's own photo and sign-in email.
  { route: 'POST auth/photo/', scope: 'account', request: () => ({ path: 'auth/photo/', form: photoFile }) },
  { route: 'DELETE auth/photo/', scope: 'account', request: () => ({ path: 'auth/photo/' }) },
  {
    route: 'POST auth/email/change/', scope: 'account',
    request: () => ({ path: 'auth/email/change/', body: { email: uniqueEmail(), password: 'Str0ng!Passw0rd' } }),
  },
  // No code was mailed to the matrix's people, so no valid request exists; the code's own tests cover success.
  { route: 'POST auth/email/change/verify/', scope: 'account', succeeds: false, request: () => ({ path: 'auth/email/change/verify/', body: { code: '123456' } }) },
  {
    route: 'PATCH auth/profile/', scope: 'account',
    request: () => ({ path: 'auth/profile/', body: { name: 'Renamed Person', role: 'software_engineer' } }),
  },
  { route: 'GET core/basic-settings/', scope: 'account', request: () => ({ path: 'core/basic-settings/' }) },
  // Where the caller is signed in, and their own account's history: always their own (another person's session is 404).
  { route: 'GET auth/sessions/', scope: 'account', request: () => ({ path: 'auth/sessions/' }) },
  {
    route: 'DELETE auth/sessions/:id/', scope: 'account',
    prepare: async (server, hub) => {
      const [session] = await server.db.insert(sessions).values({ userId: hub.viewer.id, userAgent: 'second browser' }).returning();
      viewerSessions.set(hub.id, session!.id);
    },
    request: (t) => ({ path: `auth/sessions/${viewerSessions.get(t.hub.id)}/` }),
  },
  { route: 'POST auth/sessions/revoke-others/', scope: 'account', request: () => ({ path: 'auth/sessions/revoke-others/', body: {} }) },
  { route: 'GET auth/activity/', scope: 'account', request: () => ({ path: 'auth/activity/' }) },
  // Hubs the caller belongs to or may join.
  { route: 'GET organizations/', scope: 'account', request: () => ({ path: 'organizations/' }) },
  {
    route: 'POST organizations/', scope: 'account',
    request: () => ({ path: 'organizations/', body: { name: 'Another hub', domain_handle: uniqueHandle(), visibility: 'shared' } }),
  },
  { route: 'GET organizations/check/', scope: 'account', request: (t) => ({ path: `organizations/check/?domain_handle=${t.hub.handle}` }) },
  { route: 'GET organizations/joinable/', scope: 'account', request: () => ({ path: 'organizations/joinable/' }) },
  // Joining a shared hub without an invitation: outsiders learn nothing, members are told they already are.
  { route: 'POST organizations/:handle/join/', scope: 'account', outsiderSees404: true, succeeds: false, request: (t) => ({ path: hubPath(t, 'join/'), body: {} }) },
  // The join-link preview shows public hubs only; hub A is shared, so everyone gets 404.
  { route: 'GET organizations/:handle/preview/', scope: 'account', outsiderSees404: true, succeeds: false, request: (t) => ({ path: hubPath(t, 'preview/') }) },
  // The emailed token is the credential (its preview is public); who may accept it is the invitation suite's subject.
  {
    route: 'POST invitations/:token/accept/', scope: 'account', succeeds: 'invitee',
    request: (t) => ({ path: `invitations/${t.hub.invitation.token}/accept/`, body: {} }),
  },

  // Hub A's own data.
  { route: 'POST organizations/switch/', scope: 'hub', minimum: 'viewer', request: (t) => ({ path: 'organizations/switch/', body: { domain_handle: t.hub.handle } }) },
  { route: 'GET organizations/:handle/', scope: 'hub', minimum: 'viewer', request: (t) => ({ path: hubPath(t) }) },
  { route: 'GET wallet/subscription-detail/', scope: 'hub', minimum: 'viewer', request: () => ({ path: 'wallet/subscription-detail/' }) },
  { route: 'GET wallet/plan-change/', scope: 'hub', minimum: 'viewer', request: () => ({ path: 'wallet/plan-change/?plan=team' }) },
  // On a server with no billing administrators, the hub owner changes the plan.
  { route: 'POST wallet/plan-change/', scope: 'hub', minimum: 'owner', request: () => ({ path: 'wallet/plan-change/', body: { plan: 'team' } }) },
  { route: 'PATCH organizations/:handle/', scope: 'hub', minimum: 'owner', request: (t) => ({ path: hubPath(t), body: { name: 'Renamed hub' } }) },
  { route: 'POST organizations/:handle/archive/', scope: 'hub', minimum: 'owner', request: (t) => ({ path: hubPath(t, 'archive/'), body: { confirm: t.hub.handle } }) },
  { route: 'POST organizations/:handle/transfer/', scope: 'hub', minimum: 'owner', request: (t) => ({ path: hubPath(t, 'transfer/'), body: { user_id: t.hub.editor.id } }) },
  { route: 'GET organizations/:handle/members/', scope: 'hub', minimum: 'viewer', request: (t) => ({ path: hubPath(t, 'members/?search=a') }) },
  {
    route: 'PATCH organizations/:handle/members/:user_id/', scope: 'hub', minimum: 'owner',
    request: (t) => ({ path: hubPath(t, `members/${t.hub.viewer.id}/`), body: { role: 'editor' } }),
  },
  { route: 'DELETE organizations/:handle/members/:user_id/', scope: 'hub', minimum: 'owner', request: (t) => ({ path: hubPath(t, `members/${t.hub.viewer.id}/`) }) },
  { route: 'POST organizations/:handle/leave/', scope: 'hub', minimum: 'viewer', request: (t) => ({ path: hubPath(t, 'leave/'), body: {} }) },
  {
    route: 'POST organizations/:handle/invitations/', scope: 'hub', minimum: 'editor',
    request: (t) => ({ path: hubPath(t, 'invitations/'), body: { emails: [uniqueEmail('invited.test')], role: 'viewer' } }),
  },
  { route: 'GET organizations/:handle/invitations/', scope: 'hub', minimum: 'editor', request: (t) => ({ path: hubPath(t, 'invitations/') }) },
  {
    route: 'POST organizations/:handle/invitations/:id/resend/', scope: 'hub', minimum: 'editor',
    request: (t) => ({ path: hubPath(t, `invitations/${t.hub.invitation.id}/resend/`), body: {} }),
  },
  { route: 'DELETE organizations/:handle/invitations/:id/', scope: 'hub', minimum: 'editor', request: (t) => ({ path: hubPath(t, `invitations/${t.hub.invitation.id}/`) }) },
  // The audit trail: owners only; a person filter naming someone of hub B finds nothing, it never reaches B.
  {
    route: 'GET organizations/:handle/audit/', scope: 'hub', minimum: 'owner',
    request: (t) => ({ path: hubPath(t, `audit/?person=${t.hub.viewer.id}&type=member_role_changed&from=2020-01-01`) }),
  },
  {
    route: 'GET organizations/:handle/audit/export/', scope: 'hub', minimum: 'owner',
    request: (t) => ({ path: hubPath(t, `audit/export/?person=${t.hub.viewer.id}&to=2999-12-31`) }),
  },

  // Spaces of hub A: the hub comes from the Org-Handle header, the space from the path.
  { route: 'GET spaces/', scope: 'hub', minimum: 'viewer', listsSpaces: true, request: () => ({ path: 'spaces/?search=space&page_size=100' }) },
  { route: 'POST spaces/', scope: 'hub', minimum: 'editor', request: () => ({ path: 'spaces/', body: { name: 'New space', visibility: 'shared' } }) },
  { route: 'GET spaces/:id/', scope: 'space', minimum: 'viewer', request: (t) => ({ path: spacePath(t) }) },
  { route: 'PATCH spaces/:id/', scope: 'space', minimum: 'editor', request: (t) => ({ path: spacePath(t), body: { name: 'Renamed space' } }) },
  { route: 'POST spaces/:id/archive/', scope: 'space', minimum: 'owner', request: (t) => ({ path: spacePath(t, 'archive/'), body: {} }) },
  {
    route: 'POST spaces/:id/restore/', scope: 'space', minimum: 'owner', prepare: archiveSpaces,
    request: (t) => ({ path: spacePath(t, 'restore/'), body: {} }),
  },
  { route: 'PUT spaces/:id/star/', scope: 'space', minimum: 'viewer', request: (t) => ({ path: spacePath(t, 'star/'), body: {} }) },
  { route: 'DELETE spaces/:id/star/', scope: 'space', minimum: 'viewer', request: (t) => ({ path: spacePath(t, 'star/') }) },
  { route: 'POST spaces/:id/join/', scope: 'space', minimum: 'viewer', space: 'public', request: (t) => ({ path: spacePath(t, 'join/'), body: {} }) },
  { route: 'POST spaces/:id/leave/', scope: 'space', minimum: 'viewer', request: (t) => ({ path: spacePath(t, 'leave/'), body: {} }) },
  { route: 'GET spaces/:id/members/', scope: 'space', minimum: 'viewer', request: (t) => ({ path: spacePath(t, 'members/?search=a') }) },
  {
    route: 'GET spaces/:id/member-candidates/', scope: 'space', minimum: 'editor',
    request: (t) => ({ path: spacePath(t, 'member-candidates/?search=a') }),
  },
  {
    route: 'POST spaces/:id/members/', scope: 'space', minimum: 'editor',
    request: (t) => ({ path: spacePath(t, 'members/'), body: { user_id: t.hub.viewer.id, role: 'viewer' } }),
  },
  {
    route: 'PATCH spaces/:id/members/:user_id/', scope: 'space', minimum: 'owner',
    request: (t) => ({ path: spacePath(t, `members/${t.hub.spaceViewer.id}/`), body: { role: 'editor' } }),
  },
  {
    route: 'DELETE spaces/:id/members/:user_id/', scope: 'space', minimum: 'owner',
    request: (t) => ({ path: spacePath(t, `members/${t.hub.spaceViewer.id}/`) }),
  },
  {
    route: 'POST spaces/:id/invitations/', scope: 'space', minimum: 'editor',
    request: (t) => ({ path: spacePath(t, 'invitations/'), body: { emails: [uniqueEmail('invited.test')], role: 'viewer' } }),
  },
  { route: 'GET spaces/:id/invitations/', scope: 'space', minimum: 'editor', request: (t) => ({ path: spacePath(t, 'invitations/') }) },
  {
    route: 'POST spaces/:id/invitations/:invitation_id/resend/', scope: 'space', minimum: 'editor',
    request: (t) => ({ path: spacePath(t, `invitations/${t.hub.spaceInvitation.id}/resend/`), body: {} }),
  },
  {
    route: 'DELETE spaces/:id/invitations/:invitation_id/', scope: 'space', minimum: 'editor',
    request: (t) => ({ path: spacePath(t, `invitations/${t.hub.spaceInvitation.id}/`) }),
  },

  // Contents of a space of hub A: the space and the item both come from the path.
  {
    route: 'GET spaces/:id/contents/', scope: 'space', minimum: 'viewer',
    request: (t) => ({ path: spacePath(t, 'contents/?search=document&sort=name&kind=document&status=ready') }),
  },
  {
    route: 'POST spaces/:id/contents/', scope: 'space', minimum: 'editor',
    request: (t) => ({ path: spacePath(t, 'contents/?kind=document'), form: textFile }),
  },
  {
    route: 'POST spaces/:id/contents/upload/', scope: 'space', minimum: 'editor',
    request: (t) => ({
      path: spacePath(t, 'contents/upload/?kind=document&name=minutes.txt'),
      body: 'Minutes of the weekly meeting.',
      headers: { 'Content-Type': 'text/plain' },
    }),
  },
  { route: 'GET spaces/:id/contents/:content_id/', scope: 'space', minimum: 'viewer', request: (t) => ({ path: contentPath(t, 'document') }) },
  {
    route: 'PATCH spaces/:id/contents/:content_id/', scope: 'space', minimum: 'editor',
    request: (t) => ({ path: contentPath(t, 'document'), body: { name: 'Renamed item' } }),
  },
  { route: 'DELETE spaces/:id/contents/:content_id/', scope: 'space', minimum: 'editor', request: (t) => ({ path: contentPath(t, 'document') }) },
  { route: 'GET spaces/:id/contents/:content_id/text/', scope: 'space', minimum: 'viewer', request: (t) => ({ path: contentPath(t, 'document', 'text/?page=1') }) },
  { route: 'GET spaces/:id/contents/:content_id/rows/', scope: 'space', minimum: 'viewer', request: (t) => ({ path: contentPath(t, 'table', 'rows/?page_size=5') }) },
  { route: 'GET spaces/:id/contents/:content_id/email/', scope: 'space', minimum: 'viewer', request: (t) => ({ path: contentPath(t, 'email', 'email/') }) },
  // Record tables and their records.
  {
    route: 'POST spaces/:id/contents/record-tables/', scope: 'space', minimum: 'editor',
    request: (t) => ({ path: spacePath(t, 'contents/record-tables/'), body: { name: 'People', template_id: CONTACT_TEMPLATE_ID } }),
  },
  {
    route: 'GET spaces/:id/contents/:content_id/records/', scope: 'space', minimum: 'viewer', prepare: insertRecordTablesWithRecords,
    request: (t) => ({ path: recordsPath(t, `?q=record&sort=name&filters=${encodeURIComponent('[{"field":"name","op":"not_empty"}]')}`) }),
  },
  {
    route: 'POST spaces/:id/contents/:content_id/records/', scope: 'space', minimum: 'editor', prepare: insertRecordTables,
    request: (t) => ({
      path: recordsPath(t),
      body: {
        values: {
          name: 'Ada Lovelace', email: 'ada@example.com', contact_number: '+44 20 7946 0000', occupation: 'Mathematician',
          address: '12 St James Square, London', about: 'Wrote the first program.',
        },
      },
    }),
  },
  { route: 'GET spaces/:id/contents/:content_id/records/:record_id/', scope: 'space', minimum: 'viewer', prepare: insertRecordTablesWithRecords, request: (t) => ({ path: recordPath(t) }) },
  {
    route: 'PATCH spaces/:id/contents/:content_id/records/:record_id/', scope: 'space', minimum: 'editor', prepare: insertRecordTablesWithRecords,
    request: (t) => ({ path: recordPath(t), body: { version: 1, values: { occupation: 'Mathematician' } } }),
  },
  {
    route: 'DELETE spaces/:id/contents/:content_id/records/:record_id/', scope: 'space', minimum: 'editor', prepare: insertRecordTablesWithRecords,
    request: (t) => ({ path: recordPath(t) }),
  },
  // Importing into and exporting from a record table.
  {
    route: 'POST spaces/:id/contents/:content_id/records/imports/', scope: 'space', minimum: 'editor', prepare: insertRecordTables,
    request: (t) => ({ path: recordsPath(t, 'imports/?name=people.csv'), body: 'Name\nAda\n', headers: { 'Content-Type': 'text/csv' } }),
  },
  {
    route: 'POST spaces/:id/contents/:content_id/records/imports/from-content/', scope: 'space', minimum: 'editor', prepare: insertRecordTables,
    request: (t) => ({ path: recordsPath(t, 'imports/from-content/'), body: { content_id: t.space.contents.table.id } }),
  },
  {
    route: 'POST spaces/:id/contents/:content_id/records/imports/:import_id/', scope: 'space', minimum: 'editor', prepare: insertRecordTables,
    request: (t) => ({ path: recordsPath(t, `imports/${recordImportIds.get(t.space.id)}/`), body: { mapping: { name: 0 }, dry_run: true } }),
  },
  {
    route: 'GET spaces/:id/contents/:content_id/records/imports/:import_id/', scope: 'space', minimum: 'editor', prepare: insertRecordTables,
    request: (t) => ({ path: recordsPath(t, `imports/${recordImportIds.get(t.space.id)}/`) }),
  },
  {
    route: 'POST spaces/:id/contents/:content_id/records/imports/:import_id/cancel/', scope: 'space', minimum: 'editor', prepare: insertRecordTables,
    request: (t) => ({ path: recordsPath(t, `imports/${recordImportIds.get(t.space.id)}/cancel/`), body: {} }),
  },
  {
    route: 'GET spaces/:id/contents/:content_id/records/export/', scope: 'space', minimum: 'viewer', prepare: insertRecordTables,
    request: (t) => ({ path: recordsPath(t, 'export/?format=csv') }),
  },
  {
    route: 'POST spaces/:id/contents/contacts/', scope: 'space', minimum: 'editor',
    request: (t) => ({
      path: spacePath(t, 'contents/contacts/'),
      body: {
        name: 'Ada Lovelace', email: 'ada@example.com', contact_number: '+44 20 7946 0000', occupation: 'Mathematician',
        address: '12 St James Square, London', about: 'Wrote the first program.',
      },
    }),
  },
  {
    route: 'POST spaces/:id/contents/notes/', scope: 'space', minimum: 'editor',
    request: (t) => ({ path: spacePath(t, 'contents/notes/'), body: { title: 'Standup', body: 'All green.' } }),
  },
  {
    route: 'PATCH spaces/:id/contents/:content_id/note/', scope: 'space', minimum: 'editor',
    request: (t) => ({ path: contentPath(t, 'note', 'note/'), body: { title: 'Standup, revised', body: 'Mostly green.' } }),
  },

  // Form templates of hub A (the built-in contact template is every hub's).
  { route: 'GET form-templates/', scope: 'hub', minimum: 'viewer', request: () => ({ path: 'form-templates/?archived=true' }) },
  {
    route: 'POST form-templates/', scope: 'hub', minimum: 'editor',
    request: () => ({ path: 'form-templates/', body: { name: 'Equipment', fields: [{ key: 'title', label: 'Title', type: 'text' }] } }),
  },
  { route: 'GET form-templates/:template_id/', scope: 'hub', minimum: 'viewer', prepare: insertTemplate, request: (t) => ({ path: `form-templates/${templateIds.get(t.hub.id)}/` }) },
  {
    route: 'PATCH form-templates/:template_id/', scope: 'hub', minimum: 'editor', prepare: insertTemplate,
    request: (t) => ({ path: `form-templates/${templateIds.get(t.hub.id)}/`, body: { version: 1, description: 'What we own' } }),
  },

  // Search across hub A's spaces (only those the caller may read; the world's documents all hold "word").
  { route: 'GET search/', scope: 'hub', minimum: 'viewer', listsSpaces: true, request: () => ({ path: 'search/?q=word&page_size=100' }) },
  { route: 'GET search/spaces-and-people/', scope: 'hub', minimum: 'viewer', listsSpaces: true, request: () => ({ path: 'search/spaces-and-people/?q=space' }) },

  // The hub home: items changed lately in the spaces the caller may read.
  { route: 'GET home/', scope: 'hub', minimum: 'viewer', listsSpaces: true, request: () => ({ path: 'home/' }) },

  // Ask: answers cite only the spaces the caller may read (each space's document holds a passage with "word").
  {
    route: 'POST ask/', scope: 'hub', minimum: 'viewer', listsSpaces: true,
    prepare: (server, hub) => savePassagesOfDocuments(server, hub),
    request: () => ({ path: 'ask/', body: { question: 'What is the word of this space?' } }),
  },
  {
    route: 'POST ask/:id/feedback/', scope: 'hub', minimum: 'viewer',
    prepare: async (server, hub) => {
      const asked = await server.post<Array<{ type: string; question_id?: string }>>('ask/', { question: 'What is the word?' }, { token: hub.viewer.token, hubHandle: hub.handle });
      askedQuestions.set(hub.id, asked.body[0]!.question_id!);
    },
    request: (t) => ({ path: `ask/${askedQuestions.get(t.hub.id)}/feedback/`, body: { helpful: true } }),
  },
  { route: 'GET ask/unanswered/', scope: 'hub', minimum: 'owner', request: () => ({ path: 'ask/unanswered/' }) },

  // Meetings: any member starts one in hub A; a code is found only by members of its hub.
  { route: 'POST meetings/', scope: 'hub', minimum: 'viewer', request: () => ({ path: 'meetings/', body: {} }) },
  // Which meetings of hub A are going on, and who is in them (what a reader may see is in meeting-features.test.ts).
  { route: 'GET meetings/live/', scope: 'hub', minimum: 'viewer', request: () => ({ path: 'meetings/live/' }) },
  {
    route: 'GET meetings/:code/', scope: 'account', outsiderSees404: true,
    prepare: async (server, hub) => {
      const started = await server.post<{ data: { code: string } }>('meetings/', {}, { token: hub.owner.token, hubHandle: hub.handle });
      meetingCodes.set(hub.id, started.body.data.code);
    },
    request: (t) => ({ path: `meetings/${meetingCodes.get(t.hub.id)}/` }),
  },

  ...twoFactorMatrixCases,
];

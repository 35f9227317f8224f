import { sql } from 'drizzle-orm';
import {
  pgTable, uuid, text, timestamp, integer, bigint, boolean, index, uniqueIndex, primaryKey, jsonb, customType,
} from 'drizzle-orm/pg-core';
import type { ContentDetails, ContentKind, ContentSource, ContentStatus } from '../../lib/contract/contents';
import type { PassageLocation } from '../../lib/contract/passages';
import type { ImportState } from '../../lib/contract/records';
import type { RecordValues, TemplateField } from '../../lib/contract/templates';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  googleUid: text('google_uid'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  profileRole: text('profile_role'),
  about: text('about'),
  colour: text('colour').notNull().default('#796CFF'),
  profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
  activeHubId: uuid('active_organization_id'),
  /** The authenticator-app secret, encrypted with a key derived from the server secret (see server/lib/secret-box.ts). */
  totpSecret: text('totp_secret'),
  /** Set once the person proved the app works; until then the secret is only a pending set-up. */
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The last authenticator time step a code was accepted for: a code of that step or an earlier one is a replay. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** The storage key of the person's photo (a square thumbnail), when they set one. */
  photoKey: text('photo_key'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('users_email_key').on(t.email),
  uniqueIndex('users_google_uid_key').on(t.googleUid),
  // Search finds a hub's people by the start of a name's word or of the email (ILIKE through pg_trgm).
  index('users_name_trigram_idx').using('gin', t.name.op('gin_trgm_ops')),
  index('users_email_trigram_idx').using('gin', t.email.op('gin_trgm_ops')),
]);

/** One row per sign-in; the JWT names it, and revoking it ends the token. */
export const sessions = pgTable('sessions', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  visitorId: text('visitor_id'),
  userAgent: text('user_agent'),
  ip: text('ip'),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /** The server-side end of the session, whatever the token says. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().default(sql`now() + interval '30 days'`),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

/** Emailed 6-digit codes (stored hashed). */
export const verificationCodes = pgTable('verification_codes', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  /**
   * For sign-up codes: the registration the code belongs to. Its password and
   * name are applied only when this code is verified, and only together with
   * the registration secret the registering browser holds (its SHA-256 here).
   */
  registrationHash: text('registration_hash'),
  passwordHash: text('password_hash'),
  name: text('name'),
  /** For email-change codes: the new address, which becomes the account's only once the code sent there is verified. */
  newEmail: text('new_email'),
  createdAt: createdAt(),
}, (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose)]);

/**
 * Every request that can make the server mail an address (sign-up, resend,
 * forgot password, sign-in confirmation), recorded per address whether or not
 * an account uses it: the mail limits and the code-guess limits are counted
 * here, so they answer alike for every address.
 */
export const mailRequests = pgTable('mail_requests', {
  id: id(),
  email: text('email').notNull(),
  purpose: text('purpose').notNull(),
  createdAt: createdAt(),
}, (t) => [index('mail_requests_email_idx').on(t.email, t.purpose, t.createdAt)]);

/** Wrong codes typed for an address (verification, sign-in confirmation), counted per address. */
export const codeFailures = pgTable('code_failures', {
  id: id(),
  email: text('email').notNull(),
  purpose: text('purpose').notNull(),
  createdAt: createdAt(),
}, (t) => [index('code_failures_email_idx').on(t.email, t.purpose, t.createdAt)]);

/** Single-use recovery codes for two-factor sign-in (SHA-256 of the code). */
export const recoveryCodes = pgTable('recovery_codes', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('recovery_codes_user_idx').on(t.userId)]);

/** WebAuthn credentials: a second factor, and a sign-in of their own. */
export const passkeys = pgTable('passkeys', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** base64url credential id, as the browser reports it. */
  credentialId: text('credential_id').notNull(),
  /** base64url COSE public key. */
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: jsonb('transports').$type<string[]>().notNull().default([]),
  name: text('name').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('passkeys_credential_key').on(t.credentialId),
  index('passkeys_user_idx').on(t.userId),
]);

/**
 * Single-use challenges: WebAuthn ceremonies, and the pending second step of a
 * sign-in (the password was right, the second factor is still owed).
 */
export const authChallenges = pgTable('auth_challenges', {
  id: id(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  /** WebAuthn challenge, or the SHA-256 of a pending sign-in's secret. */
  challenge: text('challenge').notNull(),
  /** What the pending sign-in carries on (browser facts for the session). */
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('auth_challenges_challenge_idx').on(t.purpose, t.challenge)]);

/**
 * The audit trail: security- and permission-relevant events. Rows are only
 * ever inserted (a trigger refuses UPDATE and DELETE); ids are kept without
 * foreign keys so no cascade can rewrite history. organization_id is null for
 * account events (sign-ins, two-factor changes).
 */
export const auditEvents = pgTable('audit_events', {
  id: id(),
  hubId: uuid('organization_id'),
  /** Who did it (null for a failed sign-in by an unknown address, or the system). */
  actorId: uuid('actor_id'),
  /** Whose account it concerns (the person signing in, the member whose role changed). */
  subjectId: uuid('subject_id'),
  type: text('type').notNull(),
  /** What it was done to: { kind, id, name } and the facts of the change. */
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
}, (t) => [
  index('audit_events_org_idx').on(t.hubId, t.createdAt.desc()),
  index('audit_events_subject_idx').on(t.subjectId, t.createdAt.desc()),
]);

/** Single-use password reset tokens (stored as SHA-256). */
export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('password_resets_token_key').on(t.tokenHash)]);

/** Failed sign-ins per email, counted in a sliding window for the lockout. */
export const loginFailures = pgTable('login_failures', {
  id: id(),
  email: text('email').notNull(),
  /** The client address that failed, for the per-client slow-down. */
  ip: text('ip'),
  createdAt: createdAt(),
}, (t) => [
  index('login_failures_email_idx').on(t.email, t.createdAt),
  index('login_failures_ip_idx').on(t.ip, t.createdAt),
]);

export const hubs = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  domainHandle: text('domain_handle').notNull(),
  description: text('description'),
  visibility: text('visibility').notNull(),
  emailDomain: text('email_domain'),
  colour: text('colour').notNull().default('#796CFF'),
  /** Members must use two-factor sign-in to reach the hub. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('organizations_handle_key').on(t.domainHandle),
  index('organizations_email_domain_idx').on(t.emailDomain),
]);

export const memberships = pgTable('memberships', {
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.hubId, t.userId] }),
  index('memberships_user_idx').on(t.userId),
]);

/** Invitations to a hub, or to one space of it when space_id is set. */
export const invitations = pgTable('invitations', {
  id: id(),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role').notNull(),
  tokenHash: text('token_hash').notNull(),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('invitations_token_key').on(t.tokenHash),
  index('invitations_org_email_idx').on(t.hubId, t.email),
  index('invitations_email_idx').on(t.email),
  index('invitations_space_idx').on(t.spaceId),
]);

/** Every time an invitation email goes out; resends are limited per window. */
export const invitationSends = pgTable('invitation_sends', {
  id: id(),
  invitationId: uuid('invitation_id').notNull().references(() => invitations.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [index('invitation_sends_invitation_idx').on(t.invitationId, t.createdAt)]);

export const spaces = pgTable('spaces', {
  id: id(),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description'),
  visibility: text('visibility').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('spaces_org_listing_idx').on(t.hubId, t.archivedAt, t.createdAt),
  // The default listing (live spaces, newest first, id as tie-break) reads this in order;
  // NULLS FIRST matches a plain ORDER BY … DESC, otherwise the planner would not use it.
  // Visibility and creator ride along (after the unique id they never change the order),
  // so who may see each space is judged from the index alone, for the page and the total.
  index('spaces_org_live_newest_idx')
    .on(t.hubId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.visibility, t.createdBy)
    .where(sql`${t.archivedAt} is null`),
  // With the creator, "private spaces I made" (a branch of who sees what) is a narrow range, not the hub's spaces.
  index('spaces_org_visibility_idx').on(t.hubId, t.visibility, t.createdBy),
  // Search finds spaces by the start of a word of their name (ILIKE through pg_trgm).
  index('spaces_name_trigram_idx').using('gin', t.name.op('gin_trgm_ops')),
]);

/** Space members; organization_id is kept so every query can filter by hub. */
export const spaceMemberships = pgTable('space_memberships', {
  spaceId: uuid('space_id').notNull().references(() => spaces.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.spaceId, t.userId] }),
  // With the space id, one person's spaces (which shared spaces they see) come from the index alone.
  index('space_memberships_user_idx').on(t.hubId, t.userId, t.spaceId),
]);

/**
 * One person's marks on a space: starred (kept at the top of their side bar)
 * and last visited (their recent spaces). organization_id is kept so every
 * query can filter by hub.
 */
export const spaceMarks = pgTable('space_marks', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  spaceId: uuid('space_id').notNull().references(() => spaces.id, { onDelete: 'cascade' }),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  starredAt: timestamp('starred_at', { withTimezone: true }),
  visitedAt: timestamp('visited_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.userId, t.spaceId] }),
  index('space_marks_user_idx').on(t.hubId, t.userId),
]);

/** The hub's plan; every hub gets a free subscription when it is created. */
export const subscriptions = pgTable('subscriptions', {
  id: id(),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  planCode: text('plan_code').notNull(),
  status: text('status').notNull().default('active'),
  currency: text('currency').notNull().default('INR'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('subscriptions_org_key').on(t.hubId)]);

/** PostgreSQL's full-text document type; written with to_tsvector in SQL, never read back as a value. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What a space holds: uploads, contacts added by hand and notes. The file
 * itself lives in storage under `storage_key`; derived files (thumbnail,
 * preview, email attachments) live under `<storage_key>.<suffix>`.
 * organization_id is kept so every query can filter by hub.
 */
export const contents = pgTable('contents', {
  id: id(),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  spaceId: uuid('space_id').notNull().references(() => spaces.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<ContentKind>().notNull(),
  source: text('source').$type<ContentSource>().notNull(),
  name: text('name').notNull(),
  extension: text('extension'),
  mimeType: text('mime_type'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
  sha256: text('sha256'),
  storageKey: text('storage_key'),
  status: text('status').$type<ContentStatus>().notNull(),
  failureReason: text('failure_reason'),
  attempts: integer('attempts').notNull().default(0),
  processingStartedAt: timestamp('processing_started_at', { withTimezone: true }),
  details: jsonb('details').$type<ContentDetails>().notNull().default({}),
  /** Extracted text (documents, emails), a note's body, a contact's fields as text: what search and the reader use. */
  body: text('body'),
  searchVector: tsvector('search_vector'),
  /**
   * The first words of search_vector (the name, then the opening of the text):
   * what results are ranked by, small enough to stay in the row so ranking
   * thousands of matches never reads their whole vectors (search-text.ts).
   */
  rankVector: tsvector('rank_vector'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('contents_space_newest_idx').on(t.hubId, t.spaceId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  // A list's total: with one key per space, deduplication packs a space's entries
  // into a few pages, which counting reads many times faster than the index above.
  index('contents_space_idx').on(t.hubId, t.spaceId),
  index('contents_queue_idx').on(t.status, t.createdAt).where(sql`${t.status} in ('queued', 'processing')`),
  index('contents_search_idx').using('gin', t.searchVector),
  // Search's first pass: the items whose name or ranking vector holds the query, newest first (search-contents.ts).
  index('contents_rank_idx').using('gin', t.rankVector),
  index('contents_name_idx').using('gin', sql`ts_filter(${t.rankVector}, '{a}')`),
  index('contents_newest_idx').on(t.hubId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  // The hub home's "Recent": the last-changed items, read in order and stopped after a page (get-home.ts).
  index('contents_recent_idx').on(t.hubId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  uniqueIndex('contents_storage_key_key').on(t.storageKey),
]);

/**
 * Per hub, every word its items were ever indexed with (the lexemes of their
 * search vectors), for typo tolerance: a query word that finds nothing is
 * replaced by the most similar word here (pg_trgm, migration 0011) that a
 * space the caller searches has (searchSpaceWords). Only the candidates, so
 * never pruned: which words anyone is offered is decided per space.
 */
export const searchWords = pgTable('search_words', {
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  word: text('word').notNull(),
}, (t) => [
  primaryKey({ columns: [t.hubId, t.word] }),
  // Without the pending list a fast update keeps: a read would scan it whole, and once a hub's words are in, few are new.
  index('search_words_trigram_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false }),
]);

/**
 * Per space, the words of searchWords its items have and how many items
 * have each. Kept by triggers on contents (migration 0011), so a word leaves
 * a space with the last item there that has it: a space's words never
 * outlive what its readers could find. No foreign keys: deleting a hub or a
 * space deletes its items, whose triggers count the words down.
 */
export const searchSpaceWords = pgTable('search_space_words', {
  hubId: uuid('organization_id').notNull(),
  spaceId: uuid('space_id').notNull(),
  word: text('word').notNull(),
  items: integer('items').notNull(),
}, (t) => [primaryKey({ columns: [t.hubId, t.spaceId, t.word] })]);

/**
 * Per hub, the bytes its items take (the sum of contents.size_bytes), counted
 * against its plan. Kept by triggers on contents in the writing transaction
 * (migration 0010), so every writer keeps it right; an upload's quota check
 * happens inside that same increment, which is all it holds the row for.
 * A hub's row comes with its first item; without one, it uses nothing.
 */
export const hubStorage = pgTable('organization_storage', {
  hubId: uuid('organization_id').primaryKey().references(() => hubs.id, { onDelete: 'cascade' }),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});

/** Rows parsed from a table or contact file, for the paged grid and contact cards. */
export const contentRows = pgTable('content_rows', {
  contentId: uuid('content_id').notNull().references(() => contents.id, { onDelete: 'cascade' }),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  rowIndex: integer('row_index').notNull(),
  cells: jsonb('cells').$type<Array<string | number | boolean | null>>().notNull(),
}, (t) => [primaryKey({ columns: [t.contentId, t.rowIndex] })]);

/**
 * An item's extracted text cut into passages, each knowing where it came
 * from (page, slide, sheet and row, email part, heading path) and which
 * characters of `contents.body` it covers: what answers cite and what a
 * result opens at. Written with the body by the processing queue (and when
 * a note or contact is saved); re-processing replaces them.
 */
export const contentPassages = pgTable('content_passages', {
  contentId: uuid('content_id').notNull().references(() => contents.id, { onDelete: 'cascade' }),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  /** Order within the item, from 0. */
  position: integer('position').notNull(),
  location: jsonb('location').$type<PassageLocation>().notNull().default({}),
  /** The characters of contents.body it covers: [bodyStart, bodyEnd). */
  bodyStart: integer('body_start').notNull(),
  bodyEnd: integer('body_end').notNull(),
  text: text('text').notNull(),
  searchVector: tsvector('search_vector').notNull(),
}, (t) => [
  primaryKey({ columns: [t.contentId, t.position] }),
  index('content_passages_hub_idx').on(t.hubId),
  index('content_passages_search_idx').using('gin', t.searchVector),
]);

/**
 * A question asked of the hub and the answer it got. A follow-up carries the
 * first question's id as its conversation. `answered` is false when the
 * hub's content did not support an answer: hub owners see those as content
 * to write.
 */
export const askQuestions = pgTable('ask_questions', {
  id: id(),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  conversationId: uuid('conversation_id').notNull(),
  /** The space it was asked in, when asked from one. */
  spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'set null' }),
  question: text('question').notNull(),
  answer: text('answer').notNull().default(''),
  answered: boolean('answered').notNull().default(false),
  /** What the answer cited: item, passage position and the number it was shown with. */
  citations: jsonb('citations').$type<Array<{ n: number; contentId: string; position: number }>>().notNull().default([]),
  /** 1 helpful, -1 not, null not rated. */
  feedback: integer('feedback'),
  createdAt: createdAt(),
}, (t) => [
  index('ask_questions_conversation_idx').on(t.conversationId, t.createdAt),
  index('ask_questions_unanswered_idx').on(t.hubId, t.createdAt.desc()).where(sql`not ${t.answered}`),
]);

/** A meeting room: its code is what people share; who may join follows its hub and space. */
export const meetings = pgTable('meetings', {
  id: id(),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /**
   * When the meeting last emptied and its chat and attendance were saved to
   * its space: what came after belongs to the next time it runs.
   */
  summarizedAt: timestamp('summarized_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('meetings_code_key').on(t.code),
  index('meetings_org_idx').on(t.hubId, t.createdAt),
]);

/** A chat message sent in a meeting; kept with the meeting and saved into its space when it ends. */
export const meetingMessages = pgTable('meeting_messages', {
  id: id(),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  meetingId: uuid('meeting_id').notNull().references(() => meetings.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  peerId: uuid('peer_id').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('meeting_messages_meeting_idx').on(t.meetingId, t.createdAt),
]);

/**
 * One stay of one participant in a meeting: who, from when to when. Open
 * rows (no left_at) are who is in a meeting now, on every API node; a node
 * refreshes seen_at for its participants, so the rows of a node that died
 * stop counting once seen_at grows old.
 */
export const meetingAttendance = pgTable('meeting_attendance', {
  id: id(),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  meetingId: uuid('meeting_id').notNull().references(() => meetings.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  peerId: uuid('peer_id').notNull(),
  node: text('node').notNull(),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  leftAt: timestamp('left_at', { withTimezone: true }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('meeting_attendance_peer_key').on(t.peerId),
  index('meeting_attendance_meeting_idx').on(t.meetingId, t.joinedAt),
  index('meeting_attendance_open_idx').on(t.hubId).where(sql`${t.leftAt} is null`),
]);

/**
 * A hub's form templates (the built-in contact template is not a row: it is
 * the same in every hub). Fields are only ever added or marked removed, so
 * every record saved under an older version still reads.
 */
export const formTemplates = pgTable('form_templates', {
  id: id(),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  fields: jsonb('fields').$type<TemplateField[]>().notNull(),
  version: integer('version').notNull().default(1),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('form_templates_name_key').on(t.hubId, sql`lower(${t.name})`),
]);

/** The records of a record table (an item of source "records"): one template's values each. */
export const records = pgTable('records', {
  id: id(),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  contentId: uuid('content_id').notNull().references(() => contents.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<RecordValues>().notNull(),
  /** The values as text, for searching within the table. */
  text: text('text').notNull().default(''),
  /** Goes up by one with every change: an update names the version it read, so nobody overwrites unseen changes. */
  version: integer('version').notNull().default(1),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('records_table_idx').on(t.hubId, t.contentId, t.createdAt, t.id),
  index('records_text_idx').using('gin', t.text.op('gin_trgm_ops')),
]);

/** A file read for import into a record table, kept for its mapping and runs for IMPORT_KEEP_MINUTES. */
export const recordImports = pgTable('record_imports', {
  id: id(),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  contentId: uuid('content_id').notNull().references(() => contents.id, { onDelete: 'cascade' }),
  createdBy: uuid('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
  columns: jsonb('columns').$type<string[]>().notNull(),
  rows: jsonb('rows').$type<string[][]>().notNull(),
  createdAt: createdAt(),
  /**
   * Where its saving run is, for the person watching it: written outside the
   * run's own transaction (whose records nobody sees until it ends), so a
   * progress bar can follow it and a cancel can reach it.
   */
  state: text('state').$type<ImportState>().notNull().default('ready'),
  savedRows: integer('saved_rows').notNull().default(0),
  totalRows: integer('total_rows').notNull().default(0),
  cancelRequested: boolean('cancel_requested').notNull().default(false),
}, (t) => [
  index('record_imports_created_idx').on(t.createdAt),
]);

/**
 * Record tables whose text, search index and passages are behind their
 * records: a write asks here (one row per table, however many writes), and
 * the processing loop rebuilds each table shortly after, one at a time, so
 * writes stay cheap however large the table.
 */
export const recordReindexRequests = pgTable('record_reindex_requests', {
  contentId: uuid('content_id').primaryKey().references(() => contents.id, { onDelete: 'cascade' }),
  hubId: uuid('organization_id').notNull().references(() => hubs.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('record_reindex_requests_requested_idx').on(t.requestedAt)]);

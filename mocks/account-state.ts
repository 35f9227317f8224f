import type { AuditEvent, AuditEventType } from '@/lib/contract/audit';
import { MOCK_DEMO_ACCOUNT, MOCK_DEMO_HUB, type MockDb } from './state';

/** What the API keeps about a session besides its token (browser, address, times). */
export interface MockSessionMeta {
  id: string;
  userAgent: string | null;
  ip: string | null;
  visitorId: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/** An audit event as stored: people by id, the hub it happened in (null for account events). */
export interface MockAuditEvent {
  id: string;
  hubId: string | null;
  type: AuditEventType;
  actorId: string | null;
  subjectId: string | null;
  data: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

/** Plain data, kept in MockData like the rest of the mock's state. */
export interface MockAccountData {
  /** session token → what the session recorded */
  sessions: Record<string, MockSessionMeta>;
  events: MockAuditEvent[];
}

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The mock's sessions and audit trail, made on first use; the demo account gets two other browsers and some history. */
export function accountData(db: MockDb): MockAccountData {
  if (db.data.account) return db.data.account;
  const data: MockAccountData = { sessions: {}, events: [] };
  db.data.account = data;
  const demo = db.userByEmail(MOCK_DEMO_ACCOUNT.email);
  const hub = db.hubByHandle(MOCK_DEMO_HUB.domainHandle);
  if (demo && hub) {
    addMockSession(db, demo.id, { userAgent: FIREFOX_WINDOWS, ip: '198.51.100.7', createdAt: minutesAgo(3 * 24 * 60), lastSeenAt: minutesAgo(50) });
    addMockSession(db, demo.id, { userAgent: SAFARI_IPHONE, ip: '203.0.113.24', createdAt: minutesAgo(9 * 24 * 60), lastSeenAt: minutesAgo(2 * 24 * 60) });
    const own = { actorId: demo.id, subjectId: demo.id, userAgent: FIREFOX_WINDOWS, ip: '198.51.100.7' };
    addMockAuditEvent(db, { ...own, type: 'sign_in', data: { method: 'password' }, createdAt: minutesAgo(3 * 24 * 60) });
    addMockAuditEvent(db, { ...own, type: 'sign_in_failed', actorId: null, data: {}, createdAt: minutesAgo(3 * 24 * 60 + 2) });
    addMockAuditEvent(db, {
      ...own, hubId: hub.id, subjectId: null, type: 'hub_updated',
      data: { target: { kind: 'hub', id: hub.id, name: hub.name }, changes: { description: { from: null, to: hub.description } } },
      createdAt: minutesAgo(2 * 24 * 60),
    });
  }
  return data;
}

/** The tokens of `userId`'s sessions other than `token` (the demo account's other browsers included). */
export function otherSessionTokens(db: MockDb, userId: string, token: string): string[] {
  accountData(db);
  return Object.entries(db.data.sessions).filter(([other, owner]) => owner === userId && other !== token).map(([other]) => other);
}

/** Signs `userId` in from another browser (a token nobody holds); answers the token. */
export function addMockSession(db: MockDb, userId: string, meta: Partial<Omit<MockSessionMeta, 'id'>> = {}): string {
  const token = db.createSession(userId);
  const now = db.now();
  accountData(db).sessions[token] = {
    id: db.newId(), userAgent: null, ip: '127.0.0.1', visitorId: null, createdAt: now, lastSeenAt: now, ...meta,
  };
  return token;
}

/** What the session of `token` recorded, made now for a session the mock signed in before it kept any. */
export function sessionMeta(db: MockDb, token: string, request: Request): MockSessionMeta {
  const sessions = accountData(db).sessions;
  const now = db.now();
  sessions[token] ??= {
    id: db.newId(), userAgent: request.headers.get('user-agent'), ip: '127.0.0.1', visitorId: null, createdAt: now, lastSeenAt: now,
  };
  return sessions[token];
}

export function addMockAuditEvent(
  db: MockDb,
  event: Pick<MockAuditEvent, 'type'> & Partial<Omit<MockAuditEvent, 'id' | 'type'>>,
): MockAuditEvent {
  const stored: MockAuditEvent = {
    id: db.newId(), hubId: null, actorId: null, subjectId: null, data: {}, ip: '127.0.0.1', userAgent: null,
    createdAt: db.now(), ...event,
  };
  accountData(db).events.push(stored);
  return stored;
}

/** An event as the API answers it: people named, newest-first sorting left to the caller. */
export function presentMockAuditEvent(db: MockDb, event: MockAuditEvent): AuditEvent {
  const person = (id: string | null) => {
    if (!id) return null;
    const user = db.userById(id);
    return user ? { id, name: user.name, email: user.email } : { id, name: 'Deleted account', email: '' };
  };
  return {
    id: event.id, type: event.type, actor: person(event.actorId), subject: person(event.subjectId), data: event.data,
    ip: event.ip, user_agent: event.userAgent, created_at: event.createdAt,
  };
}

/** Newest first, as the API lists them. */
export const newestFirst = (a: MockAuditEvent, b: MockAuditEvent) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

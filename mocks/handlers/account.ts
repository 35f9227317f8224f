import type { HttpHandler } from 'msw';
import { sessionEndpoints } from '@/lib/contract/sessions';
import { pageQuery } from '@/lib/contract/envelope';
import { VISITOR_ID_SHOWN, type Session } from '@/lib/contract/sessions';
import { describeUserAgent } from '@/lib/user-agent';
import { accountData, addMockAuditEvent, newestFirst, otherSessionTokens, presentMockAuditEvent, sessionMeta } from '../account-state';
import type { MockDb } from '../state';
import { answer, authenticate, notFound, ok, paged, parse } from './respond';

/** Where I am signed in (list, sign one out, sign out the others) and my account's activity. */
export function accountHandlers(db: MockDb): HttpHandler[] {
  const tokensOf = (userId: string) => {
    // Made first: the demo account's other browsers are sessions too.
    accountData(db);
    return Object.entries(db.data.sessions).filter(([, owner]) => owner === userId).map(([token]) => token);
  };

  return [
    answer(sessionEndpoints.sessions, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const sessions = tokensOf(auth.user.id).map((token): Session => {
        const meta = sessionMeta(db, token, request);
        const { browser, os, device } = describeUserAgent(meta.userAgent);
        return {
          id: meta.id, browser, os, device, visitor_id: meta.visitorId?.slice(0, VISITOR_ID_SHOWN) ?? null, ip: meta.ip,
          created_at: meta.createdAt, last_seen_at: meta.lastSeenAt, current: token === auth.token,
        };
      });
      return ok(sessions.sort((a, b) => b.last_seen_at.localeCompare(a.last_seen_at)));
    }),

    answer(sessionEndpoints.revokeSession, ({ request, params }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const token = tokensOf(auth.user.id).find((t) => accountData(db).sessions[t]?.id === params.id);
      if (!token) return notFound('That session');
      const label = describeUserAgent(accountData(db).sessions[token]?.userAgent).label;
      delete db.data.sessions[token];
      delete accountData(db).sessions[token];
      const current = token === auth.token;
      addMockAuditEvent(db, {
        type: 'session_revoked', actorId: auth.user.id, subjectId: auth.user.id,
        data: { target: { kind: 'session', id: String(params.id), name: label }, current },
      });
      db.save();
      return ok({ current }, { message: current ? 'You have been signed out.' : 'That session has been signed out.' });
    }),

    answer(sessionEndpoints.revokeOtherSessions, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const others = otherSessionTokens(db, auth.user.id, auth.token);
      for (const token of others) {
        delete db.data.sessions[token];
        delete accountData(db).sessions[token];
      }
      if (others.length > 0) {
        addMockAuditEvent(db, {
          type: 'session_revoked', actorId: auth.user.id, subjectId: auth.user.id, data: { scope: 'others', count: others.length },
        });
      }
      db.save();
      const message = others.length === 1 ? '1 other session was signed out.' : `${others.length} other sessions were signed out.`;
      return ok({ revoked: others.length }, { message });
    }),

    answer(sessionEndpoints.activity, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const query = parse(pageQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const mine = accountData(db).events
        .filter((e) => e.hubId === null && (e.actorId === auth.user.id || e.subjectId === auth.user.id))
        .sort(newestFirst)
        .map((e) => presentMockAuditEvent(db, e));
      return paged(mine, query.data);
    }),
  ];
}

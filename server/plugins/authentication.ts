import fp from 'fastify-plugin';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberships, hubs, sessions } from '../db/schema';
import { hubKey } from '../cache/auth-cache';
import { assertSessionLive, findLiveSession } from '../domain/sessions/find-live-session';
import { assertMemberAdmitted } from '../domain/two-factor/assert-hub-admits';
import { AppError, unauthenticated } from '../lib/errors';
import type { Role } from '../../lib/contract/settings';
import { errorMessages } from '../../lib/contract/error-messages';

/** Accepts `Authorization: JWT <token>` (the app's form) and `Bearer <token>`. */
function readToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(?:JWT|Bearer)\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

async function authenticationPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('hub', null);
  // Set by an endpoint's space requirement (see routes/requirement.ts), after the hub.
  app.decorateRequest('space', null);
  app.decorateRequest('authEpoch', 0);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    // Once per request, however many hooks ask (a plugin's hook for its hand-made routes, and route()).
    if (request.auth) return;
    const token = readToken(request.headers.authorization);
    if (!token) throw unauthenticated();
    const { db, config, authCache } = app.deps;
    const epoch = authCache.epoch;
    request.authEpoch = epoch;
    // Only a token that was verified and found live is in the cache, so a hit needs neither again.
    let row = authCache.sessions.get(token);
    if (row) {
      assertSessionLive(row);
    } else {
      row = await findLiveSession({ db, jwtSecret: config.jwtSecret, token });
      authCache.remember(authCache.sessions, token, epoch, row);
    }
    request.auth = row;
    // "Last active" for the session list; written at most every few minutes so reads stay reads.
    const now = new Date();
    if (now.getTime() - row.session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      // Noted on the cached copy first, so concurrent requests of the session do not write it too.
      row.session.lastSeenAt = now;
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    }
  });

  app.decorate('requireHub', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthenticated();
    const header = request.headers['org-handle'];
    const handle = typeof header === 'string' && header.trim() ? header.trim().toLowerCase() : null;
    const { db, authCache } = app.deps;
    const key = hubKey(request.auth.user.id, handle);
    const cached = authCache.hubs.get(key);
    if (cached) {
      request.hub = cached;
      return;
    }
    const condition = handle
      ? eq(hubs.domainHandle, handle)
      : request.auth.user.activeHubId
        ? eq(hubs.id, request.auth.user.activeHubId)
        : null;
    if (!condition) throw new AppError(404, 'not_found', errorMessages.chooseHubFirst);
    const [row] = await db
      .select({ organization: hubs, role: memberships.role })
      .from(hubs)
      .innerJoin(
        memberships,
        and(eq(memberships.hubId, hubs.id), eq(memberships.userId, request.auth.user.id)),
      )
      .where(and(condition, isNull(hubs.archivedAt)))
      .limit(1);
    // Another hub's handle answers exactly like a hub that does not exist.
    if (!row) throw new AppError(404, 'not_found', 'That hub was not found.');
    await assertMemberAdmitted({ db, hub: row.organization, user: request.auth.user });
    request.hub = { organization: row.organization, role: row.role as Role };
    authCache.remember(authCache.hubs, key, request.authEpoch, request.hub);
  });
}

export default fp(authenticationPlugin, { name: 'authentication' });

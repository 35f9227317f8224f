import { sessionEndpoints } from '../../../lib/contract/sessions';
import { listSessions } from '../../domain/sessions/list-sessions';
import { revokeOtherSessions } from '../../domain/sessions/revoke-other-sessions';
import { revokeOwnSession } from '../../domain/sessions/revoke-own-session';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { route } from '../endpoint-route';
import { clientInfoOf } from './client-info';

/** Where I am signed in: list my live sessions, sign one out, or sign out everywhere else. */
export function sessionsRoute(app: App) {
  const { db } = app.deps;

  route(app, sessionEndpoints.sessions, async (request) => ok(await listSessions({ db, auth: authOf(request) })));

  route(app, sessionEndpoints.revokeSession, async (request) => {
    const revoked = await revokeOwnSession({ db, auth: authOf(request), sessionId: request.params.id, client: clientInfoOf(request) });
    await app.deps.authCache.sessionRevoked(request.params.id);
    return ok(revoked, revoked.current ? 'You have been signed out.' : 'That session has been signed out.');
  });

  route(app, sessionEndpoints.revokeOtherSessions, async (request) => {
    const result = await revokeOtherSessions({ db, auth: authOf(request), client: clientInfoOf(request) });
    await app.deps.authCache.userChanged(authOf(request).user.id);
    return ok(result, result.revoked === 1 ? '1 other session was signed out.' : `${result.revoked} other sessions were signed out.`);
  });
}

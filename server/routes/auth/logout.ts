import { authEndpoints } from '../../../lib/contract/auth';
import { recordAuditEvent } from '../../domain/audit/record-audit-event';
import { revokeSession } from '../../domain/sessions/revoke-session';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { route, type EndpointHandler } from '../endpoint-route';
import { clientInfoOf } from './client-info';
import { ownClientOnly } from './own-client';

/**
 * GET is what the specification's client calls; POST is there for clients
 * that prefer it. Both only from the app's own client (ownClientOnly).
 */
export function logoutRoute(app: App) {
  const signOut: EndpointHandler<typeof authEndpoints.logout> = async (request) => {
    const { user, session } = authOf(request);
    await revokeSession({ db: app.deps.db, sessionId: session.id });
    await app.deps.authCache.sessionRevoked(session.id);
    await recordAuditEvent({
      db: app.deps.db, type: 'sign_out', actorId: user.id, subjectId: user.id, data: { session_id: session.id }, client: clientInfoOf(request),
    });
    return ok(null, 'You have been signed out.');
  };
  // Signing out on a GET must not be something another site's page can do to a visitor.
  const options = { onRequest: ownClientOnly(app.deps.config) };
  route(app, authEndpoints.logout, signOut, options);
  route(app, authEndpoints.logoutByPost, signOut, options);
}

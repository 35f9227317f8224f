import { z } from 'zod';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { recordAuditEvent } from '../../domain/audit/record-audit-event';
import { revokeSession } from '../../domain/sessions/revoke-session';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { clientInfoOf } from './client-info';
import { errorResponses, signedIn } from './responses';

/** GET is what the specification's client calls; POST is there for clients that prefer it. */
export function logoutRoute(app: App) {
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/logout/',
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the token stops working',
        security: signedIn,
        response: { 200: dataEnvelope(z.null()), ...errorResponses(401) },
      },
      handler: async (request) => {
        const { user, session } = authOf(request);
        await revokeSession({ db: app.deps.db, sessionId: session.id });
        await app.deps.authCache.sessionRevoked(session.id);
        await recordAuditEvent({
          db: app.deps.db, type: 'sign_out', actorId: user.id, subjectId: user.id, data: { session_id: session.id }, client: clientInfoOf(request),
        });
        return ok(null, 'You have been signed out.');
      },
    });
  }
}

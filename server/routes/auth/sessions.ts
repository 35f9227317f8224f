import { z } from 'zod';
import { dataEnvelope } from '../../../lib/contract/envelope';
import {
  revokedOthersSchema, revokedSessionSchema, sessionParams, sessionSchema,
} from '../../../lib/contract/sessions';
import { listSessions } from '../../domain/sessions/list-sessions';
import { revokeOtherSessions } from '../../domain/sessions/revoke-other-sessions';
import { revokeOwnSession } from '../../domain/sessions/revoke-own-session';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { clientInfoOf } from './client-info';
import { errorResponses, signedIn } from './responses';

const tags = ['auth'];

/** Where I am signed in: list my live sessions, sign one out, or sign out everywhere else. */
export function sessionsRoute(app: App) {
  const { db } = app.deps;

  app.get('/sessions/', {
    onRequest: app.authenticate,
    schema: {
      tags, security: signedIn, summary: 'My live sessions, most recently active first; `current` marks this one',
      response: { 200: dataEnvelope(z.array(sessionSchema)), ...errorResponses(401) },
    },
  }, async (request) => ok(await listSessions({ db, auth: authOf(request) })));

  app.delete('/sessions/:id/', {
    onRequest: app.authenticate,
    schema: {
      tags, security: signedIn,
      summary: 'Sign out one of my sessions (this one too); another person\'s session answers 404',
      params: sessionParams,
      response: { 200: dataEnvelope(revokedSessionSchema), ...errorResponses(401, 404) },
    },
  }, async (request) => {
    const revoked = await revokeOwnSession({ db, auth: authOf(request), sessionId: request.params.id, client: clientInfoOf(request) });
    await app.deps.authCache.sessionRevoked(request.params.id);
    return ok(revoked, revoked.current ? 'You have been signed out.' : 'That session has been signed out.');
  });

  app.post('/sessions/revoke-others/', {
    onRequest: app.authenticate,
    schema: {
      tags, security: signedIn, summary: 'Sign out all my other sessions; this one stays signed in',
      response: { 200: dataEnvelope(revokedOthersSchema), ...errorResponses(401) },
    },
  }, async (request) => {
    const result = await revokeOtherSessions({ db, auth: authOf(request), client: clientInfoOf(request) });
    await app.deps.authCache.userChanged(authOf(request).user.id);
    return ok(result, result.revoked === 1 ? '1 other session was signed out.' : `${result.revoked} other sessions were signed out.`);
  });
}

import { googleLoginBody, signInResponse } from '../../../lib/contract/auth';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { signInWithGoogle } from '../../domain/auth/sign-in-with-google';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { clientInfoOf } from './client-info';
import { authRateLimit } from './rate-limit';
import { errorResponses } from './responses';

export function googleRoute(app: App) {
  app.post(
    '/google/',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Firebase (Google) ID token',
        body: googleLoginBody,
        response: { 200: dataEnvelope(signInResponse), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { db, config, mailer } = app.deps;
      const { id_token, visitor_id } = request.body;
      return ok(await signInWithGoogle({ db, config, mailer, idToken: id_token, client: clientInfoOf(request, visitor_id) }));
    },
  );
}

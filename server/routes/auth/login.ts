import { loginBody, signInResponse } from '../../../lib/contract/auth';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { signIn } from '../../domain/auth/sign-in';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { clientInfoOf } from './client-info';
import { authRateLimit } from './rate-limit';
import { errorResponses } from './responses';

export function loginRoute(app: App) {
  app.post(
    '/login/',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBody,
        response: { 200: dataEnvelope(signInResponse), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { db, config, mailer } = app.deps;
      const { email, password, email_code, visitor_id } = request.body;
      return ok(await signIn({ db, config, mailer, email, password, emailCode: email_code, client: clientInfoOf(request, visitor_id) }));
    },
  );
}

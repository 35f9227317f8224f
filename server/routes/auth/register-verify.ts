import { tokenResponse, verifyBody } from '../../../lib/contract/auth';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { verifyEmail } from '../../domain/auth/verify-email';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { clientInfoOf } from './client-info';
import { authRateLimit } from './rate-limit';
import { errorResponses } from './responses';

export function verifyRoute(app: App) {
  app.post(
    '/register/verify/',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'Verify the email with the mailed code and sign in',
        body: verifyBody,
        response: { 200: dataEnvelope(tokenResponse), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { db, config, mailer } = app.deps;
      const { email, code, registration, visitor_id } = request.body;
      return ok(await verifyEmail({ db, config, mailer, email, code, registration, client: clientInfoOf(request, visitor_id) }));
    },
  );
}

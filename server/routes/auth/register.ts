import { registerBody, registerResponse } from '../../../lib/contract/auth';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { registerUser } from '../../domain/auth/register-user';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { authRateLimit } from './rate-limit';
import { errorResponses } from './responses';

export function registerRoute(app: App) {
  app.post(
    '/register/',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'Create an account and mail a 6-digit verification code',
        body: registerBody,
        response: { 201: dataEnvelope(registerResponse), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { db, config, mailer } = app.deps;
      const { email, expiresIn, registration } = await registerUser({ db, config, mailer, ...request.body });
      return reply.status(201).send(ok({ email, expires_in: expiresIn, registration }, `We sent a 6-digit code to ${email}.`));
    },
  );
}

import { z } from 'zod';
import { forgotPasswordBody } from '../../../lib/contract/auth';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { requestPasswordReset } from '../../domain/auth/request-password-reset';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { authRateLimit } from './rate-limit';
import { errorResponses } from './responses';

export function forgotPasswordRoute(app: App) {
  app.post(
    '/password/forgot/',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (same answer whether or not the account exists)',
        body: forgotPasswordBody,
        response: { 200: dataEnvelope(z.null()), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { db, config, mailer } = app.deps;
      await requestPasswordReset({ db, config, mailer, email: request.body.email });
      return ok(null, 'If an account uses this email, we have sent it a link to reset the password.');
    },
  );
}

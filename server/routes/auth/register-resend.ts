import { resendBody, resendResponse } from '../../../lib/contract/auth';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { resendVerificationCode } from '../../domain/auth/resend-verification-code';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { authRateLimit } from './rate-limit';
import { errorResponses } from './responses';

export function resendRoute(app: App) {
  app.post(
    '/register/resend/',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'Mail a new verification code (same answer whether or not the account exists)',
        body: resendBody,
        response: { 200: dataEnvelope(resendResponse), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { db, mailer } = app.deps;
      const { email, expiresIn } = await resendVerificationCode({ db, mailer, ...request.body });
      return ok(
        { email, expires_in: expiresIn },
        `If ${email} is waiting for verification, we have sent it a new code.`,
      );
    },
  );
}

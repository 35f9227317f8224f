import { authEndpoints } from '../../../lib/contract/auth';
import { resendVerificationCode } from '../../domain/auth/resend-verification-code';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { authRateLimit } from './rate-limit';

export function resendRoute(app: App) {
  route(app, authEndpoints.resend, async (request) => {
    const { db, mailer } = app.deps;
    const { email, expiresIn } = await resendVerificationCode({ db, mailer, ...request.body });
    return ok(
      { email, expires_in: expiresIn },
      `If ${email} is waiting for verification, we have sent it a new code.`,
    );
  }, { config: authRateLimit(app) });
}

import { authEndpoints } from '../../../lib/contract/auth';
import { requestPasswordReset } from '../../domain/auth/request-password-reset';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { authRateLimit } from './rate-limit';

export function forgotPasswordRoute(app: App) {
  route(app, authEndpoints.forgotPassword, async (request) => {
    const { db, config, mailer } = app.deps;
    await requestPasswordReset({ db, config, mailer, email: request.body.email });
    return ok(null, 'If an account uses this email, we have sent it a link to reset the password.');
  }, { config: authRateLimit(app) });
}

import { authEndpoints } from '../../../lib/contract/auth';
import { resetPassword } from '../../domain/auth/reset-password';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { authRateLimit } from './rate-limit';
import { clientInfoOf } from './client-info';

export function resetPasswordRoute(app: App) {
  route(app, authEndpoints.resetPassword, async (request) => {
    const { userId } = await resetPassword({ db: app.deps.db, ...request.body, client: clientInfoOf(request) });
    await app.deps.authCache.userChanged(userId);
    return ok(null, 'Your password has been changed. Please sign in with the new password.');
  }, { config: authRateLimit(app) });
}

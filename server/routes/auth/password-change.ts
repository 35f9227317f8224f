import { authEndpoints } from '../../../lib/contract/auth';
import { changePassword } from '../../domain/auth/change-password';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { route } from '../endpoint-route';
import { authRateLimit } from './rate-limit';
import { clientInfoOf } from './client-info';

export function changePasswordRoute(app: App) {
  route(app, authEndpoints.changePassword, async (request) => {
    const { user, session } = authOf(request);
    await changePassword({
      db: app.deps.db,
      user,
      sessionId: session.id,
      currentPassword: request.body.current_password,
      newPassword: request.body.new_password,
      client: clientInfoOf(request),
    });
    await app.deps.authCache.userChanged(user.id);
    return ok(null, 'Your password has been changed. Other devices have been signed out.');
  }, { config: authRateLimit(app) });
}

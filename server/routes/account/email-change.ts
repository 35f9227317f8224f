import { accountSettingsEndpoints } from '../../../lib/contract/account';
import { getUserView } from '../../domain/users/get-user-view';
import { requestEmailChange } from '../../domain/users/request-email-change';
import { verifyEmailChange } from '../../domain/users/verify-email-change';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { authRateLimit } from '../auth/rate-limit';
import { route } from '../endpoint-route';

/** auth/email/change/ and its verify/: a new sign-in address, proved by a code mailed to it. */
export function emailChangeRoutes(app: App) {
  const { db, config, mailer, authCache } = app.deps;

  route(app, accountSettingsEndpoints.requestEmailChange, async (request) => {
    const { user } = authOf(request);
    const sent = await requestEmailChange({ db, config, mailer, user, email: request.body.email, password: request.body.password });
    return ok({ email: sent.email, expires_in: sent.expiresIn }, `We sent a code to ${sent.email}. Type it here to confirm the change.`);
  }, { config: authRateLimit(app) });

  route(app, accountSettingsEndpoints.verifyEmailChange, async (request) => {
    const { user } = authOf(request);
    const updated = await verifyEmailChange({ db, config, mailer, user, code: request.body.code, client: clientInfoOf(request) });
    await authCache.userChanged(user.id);
    return ok(await getUserView({ db, user: updated }), `Your email is now ${updated.email}.`);
  }, { config: authRateLimit(app) });
}

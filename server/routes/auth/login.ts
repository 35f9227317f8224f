import { authEndpoints } from '../../../lib/contract/auth';
import { signIn } from '../../domain/auth/sign-in';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { clientInfoOf } from './client-info';
import { authRateLimit } from './rate-limit';

export function loginRoute(app: App) {
  route(app, authEndpoints.login, async (request) => {
    const { db, config, mailer } = app.deps;
    const { email, password, email_code, visitor_id } = request.body;
    return ok(await signIn({ db, config, mailer, email, password, emailCode: email_code, client: clientInfoOf(request, visitor_id) }));
  }, { config: authRateLimit(app) });
}

import { authEndpoints } from '../../../lib/contract/auth';
import { signInWithGoogle } from '../../domain/auth/sign-in-with-google';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { clientInfoOf } from './client-info';
import { authRateLimit } from './rate-limit';

export function googleRoute(app: App) {
  route(app, authEndpoints.google, async (request) => {
    const { db, config, mailer } = app.deps;
    const { id_token, visitor_id } = request.body;
    return ok(await signInWithGoogle({ db, config, mailer, idToken: id_token, client: clientInfoOf(request, visitor_id) }));
  }, { config: authRateLimit(app) });
}

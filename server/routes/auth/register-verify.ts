import { authEndpoints } from '../../../lib/contract/auth';
import { verifyEmail } from '../../domain/auth/verify-email';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { clientInfoOf } from './client-info';
import { authRateLimit } from './rate-limit';

export function verifyRoute(app: App) {
  route(app, authEndpoints.verify, async (request) => {
    const { db, config, mailer } = app.deps;
    const { email, code, registration, visitor_id } = request.body;
    return ok(await verifyEmail({ db, config, mailer, email, code, registration, client: clientInfoOf(request, visitor_id) }));
  }, { config: authRateLimit(app) });
}

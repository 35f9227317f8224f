import { authEndpoints } from '../../../lib/contract/auth';
import { registerUser } from '../../domain/auth/register-user';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { authRateLimit } from './rate-limit';

export function registerRoute(app: App) {
  route(app, authEndpoints.register, async (request, reply) => {
    const { db, config, mailer } = app.deps;
    const { email, expiresIn, registration } = await registerUser({ db, config, mailer, ...request.body });
    return reply.status(201).send(ok({ email, expires_in: expiresIn, registration }, `We sent a 6-digit code to ${email}.`));
  }, { config: authRateLimit(app) });
}

import { authEndpoints } from '../../../lib/contract/auth';
import { registerUser } from '../../domain/auth/register-user';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { authRateLimit } from './rate-limit';

export function registerRoute(app: App) {
  route(app, authEndpoints.register, async (request, reply) => {
    const { db, config, mailer } = app.deps;
    const { email, expiresIn, registration, verified } = await registerUser({ db, config, mailer, ...request.body });
    const message = verified ? 'Your email is verified: the invitation proved it.' : `We sent a 6-digit code to ${email}.`;
    return reply.status(201).send(ok({ email, expires_in: expiresIn, registration, verified }, message));
  }, { config: authRateLimit(app) });
}

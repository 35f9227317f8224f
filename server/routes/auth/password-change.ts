import { z } from 'zod';
import { changePasswordBody } from '../../../lib/contract/auth';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { changePassword } from '../../domain/auth/change-password';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { authRateLimit } from './rate-limit';
import { clientInfoOf } from './client-info';
import { errorResponses, signedIn } from './responses';

export function changePasswordRoute(app: App) {
  app.post(
    '/password/change/',
    {
      config: authRateLimit(app),
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; other sessions end, this one stays',
        security: signedIn,
        body: changePasswordBody,
        response: { 200: dataEnvelope(z.null()), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
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
    },
  );
}

import { z } from 'zod';
import { resetPasswordBody } from '../../../lib/contract/auth';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { resetPassword } from '../../domain/auth/reset-password';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { authRateLimit } from './rate-limit';
import { clientInfoOf } from './client-info';
import { errorResponses } from './responses';

export function resetPasswordRoute(app: App) {
  app.post(
    '/password/reset/',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed token; ends every session',
        body: resetPasswordBody,
        response: { 200: dataEnvelope(z.null()), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { userId } = await resetPassword({ db: app.deps.db, ...request.body, client: clientInfoOf(request) });
      await app.deps.authCache.userChanged(userId);
      return ok(null, 'Your password has been changed. Please sign in with the new password.');
    },
  );
}

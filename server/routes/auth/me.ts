import { userSchema } from '../../../lib/contract/auth';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { getUserView } from '../../domain/users/get-user-view';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { errorResponses, signedIn } from './responses';

export function meRoute(app: App) {
  app.get(
    '/me/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, with onboarding step and hubs',
        security: signedIn,
        response: { 200: dataEnvelope(userSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { db, authCache } = app.deps;
      const { user } = authOf(request);
      const cached = authCache.views.get(user.id);
      if (cached) return ok(cached);
      const view = await getUserView({ db, user });
      authCache.remember(authCache.views, user.id, request.authEpoch, view);
      return ok(view);
    },
  );
}

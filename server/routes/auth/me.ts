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
    async (request) => ok(await getUserView({ db: app.deps.db, user: authOf(request).user })),
  );
}

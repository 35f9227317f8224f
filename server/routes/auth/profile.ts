import { profileBody, userSchema } from '../../../lib/contract/auth';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { updateProfile } from '../../domain/auth/update-profile';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { errorResponses, signedIn } from './responses';

export function profileRoute(app: App) {
  app.patch(
    '/profile/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Save the basic profile (completes the profile onboarding step)',
        security: signedIn,
        body: profileBody,
        response: { 200: dataEnvelope(userSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const view = await updateProfile({ db: app.deps.db, user, ...request.body });
      await app.deps.authCache.userChanged(user.id);
      return ok(view, 'Profile saved.');
    },
  );
}

import { authEndpoints } from '../../../lib/contract/auth';
import { updateProfile } from '../../domain/auth/update-profile';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { route } from '../endpoint-route';

export function profileRoute(app: App) {
  route(app, authEndpoints.profile, async (request) => {
    const { user } = authOf(request);
    const view = await updateProfile({ db: app.deps.db, user, ...request.body });
    await app.deps.authCache.userChanged(user.id);
    return ok(view, 'Profile saved.');
  });
}

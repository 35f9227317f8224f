import { authEndpoints } from '../../../lib/contract/auth';
import { getUserView } from '../../domain/users/get-user-view';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { route } from '../endpoint-route';

export function meRoute(app: App) {
  route(app, authEndpoints.me, async (request) => {
    const { db, authCache } = app.deps;
    const { user } = authOf(request);
    const cached = authCache.views.get(user.id);
    if (cached) return ok(cached);
    const view = await getUserView({ db, user });
    authCache.remember(authCache.views, user.id, request.authEpoch, view);
    return ok(view);
  });
}

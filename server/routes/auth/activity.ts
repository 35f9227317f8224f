import { sessionEndpoints } from '../../../lib/contract/sessions';
import { listAccountActivity } from '../../domain/audit/list-account-activity';
import { paged } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { route } from '../endpoint-route';

/** My own account's history: sign-ins, failed sign-ins, password, two-factor and session changes. */
export function activityRoute(app: App) {
  route(app, sessionEndpoints.activity, async (request) => {
    const { items, count } = await listAccountActivity({ db: app.deps.db, userId: authOf(request).user.id, page: request.query });
    return paged(items, count, request.query);
  });
}

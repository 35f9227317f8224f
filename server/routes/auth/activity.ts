import { auditEventSchema } from '../../../lib/contract/audit';
import { listEnvelope, pageQuery } from '../../../lib/contract/envelope';
import { listAccountActivity } from '../../domain/audit/list-account-activity';
import { paged } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { errorResponses, signedIn } from './responses';

/** My own account's history: sign-ins, failed sign-ins, password, two-factor and session changes. */
export function activityRoute(app: App) {
  app.get('/activity/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['auth'], security: signedIn, summary: "My account's recent security events, newest first",
      querystring: pageQuery,
      response: { 200: listEnvelope(auditEventSchema), ...errorResponses(400, 401) },
    },
  }, async (request) => {
    const { items, count } = await listAccountActivity({ db: app.deps.db, userId: authOf(request).user.id, page: request.query });
    return paged(items, count, request.query);
  });
}

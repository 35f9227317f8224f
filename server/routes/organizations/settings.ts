import { hubEndpoints } from '../../../lib/contract/hub-endpoints';
import { archiveHub } from '../../domain/hubs/archive-hub';
import { transferHub } from '../../domain/hubs/transfer-hub';
import { updateHub } from '../../domain/hubs/update-hub';
import { getUserView } from '../../domain/users/get-user-view';
import { ok } from '../../lib/envelope';
import { authOf, hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';

/** Hub settings, archive and ownership transfer (mounted under organizations/). */
export default async function hubSettingsRoutes(app: App) {
  const { db } = app.deps;

  route(app, hubEndpoints.update, async (request) => {
    const hub = hubOf(request);
    const organization = await updateHub({ db, user: authOf(request).user, hub, body: request.body, client: clientInfoOf(request) });
    await app.deps.authCache.hubChanged(hub.organization.id);
    return ok(organization, 'Hub settings saved.');
  });

  route(app, hubEndpoints.archive, async (request) => {
    const user = await archiveHub({
      db, user: authOf(request).user, hub: hubOf(request), confirm: request.body.confirm, client: clientInfoOf(request),
    });
    await app.deps.authCache.hubChanged(hubOf(request).organization.id);
    return ok(await getUserView({ db, user }), 'The hub was archived.');
  });

  route(app, hubEndpoints.transfer, async (request) => {
    const hub = hubOf(request);
    const organization = await transferHub({
      db, user: authOf(request).user, hub, userId: request.body.user_id, client: clientInfoOf(request),
    });
    // Two members' roles changed.
    await app.deps.authCache.hubChanged(hub.organization.id);
    return ok(organization, 'Ownership transferred.');
  });
}

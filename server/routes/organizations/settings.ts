import { organizationEndpoints } from '../../../lib/contract/organization-endpoints';
import { archiveOrganization } from '../../domain/organizations/archive-organization';
import { transferOrganization } from '../../domain/organizations/transfer-organization';
import { updateOrganization } from '../../domain/organizations/update-organization';
import { getUserView } from '../../domain/users/get-user-view';
import { ok } from '../../lib/envelope';
import { authOf, hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';
import { hubScope } from './members-scope';

/** Hub settings, archive and ownership transfer (mounted under organizations/). */
export default async function organizationSettingsRoutes(app: App) {
  const { db } = app.deps;
  const onRequest = hubScope(app);

  route(app, organizationEndpoints.update, async (request) => {
    const hub = hubOf(request);
    const organization = await updateOrganization({ db, user: authOf(request).user, hub, body: request.body, client: clientInfoOf(request) });
    await app.deps.authCache.organizationChanged(hub.organization.id);
    return ok(organization, 'Hub settings saved.');
  }, { onRequest });

  route(app, organizationEndpoints.archive, async (request) => {
    const user = await archiveOrganization({
      db, user: authOf(request).user, hub: hubOf(request), confirm: request.body.confirm, client: clientInfoOf(request),
    });
    await app.deps.authCache.organizationChanged(hubOf(request).organization.id);
    return ok(await getUserView({ db, user }), 'The hub was archived.');
  }, { onRequest });

  route(app, organizationEndpoints.transfer, async (request) => {
    const hub = hubOf(request);
    const organization = await transferOrganization({
      db, user: authOf(request).user, hub, userId: request.body.user_id, client: clientInfoOf(request),
    });
    // Two members' roles changed.
    await app.deps.authCache.organizationChanged(hub.organization.id);
    return ok(organization, 'Ownership transferred.');
  }, { onRequest });
}

import { hubEndpoints } from '../../../lib/contract/hub-endpoints';
import { getHubTwoFactorPolicy } from '../../domain/two-factor/get-hub-two-factor-policy';
import { setHubTwoFactorRequirement } from '../../domain/two-factor/set-hub-two-factor-requirement';
import { ok } from '../../lib/envelope';
import { authOf, hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';

/** The hub's two-factor requirement (owners), mounted under organizations/. */
export default async function hubTwoFactorRoutes(app: App) {
  const { db } = app.deps;

  route(app, hubEndpoints.twoFactorPolicy, async (request) =>
    ok(await getHubTwoFactorPolicy({ db, hub: hubOf(request), user: authOf(request).user })));

  route(app, hubEndpoints.setTwoFactorPolicy, async (request) => {
    const hub = hubOf(request);
    const policy = await setHubTwoFactorRequirement({
      db, hub, user: authOf(request).user, required: request.body.required, client: clientInfoOf(request),
    });
    await app.deps.authCache.hubChanged(hub.organization.id);
    return ok(policy, request.body.required ? 'Two-factor sign-in is now required in this hub.' : 'Two-factor sign-in is no longer required.');
  });
}

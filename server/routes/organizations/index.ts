import { hubEndpoints } from '../../../lib/contract/hub-endpoints';
import { checkHandle } from '../../domain/hubs/check-handle';
import { createHub } from '../../domain/hubs/create-hub';
import { findJoinableHubs } from '../../domain/hubs/find-joinable-hubs';
import { findMyHub } from '../../domain/hubs/find-my-hub';
import { joinHub } from '../../domain/hubs/join-hub';
import { listMyHubsPage } from '../../domain/hubs/list-my-hubs-page';
import { switchHub } from '../../domain/hubs/switch-hub';
import { getUserView } from '../../domain/users/get-user-view';
import { ok, paged } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { authOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';
import auditRoutes from './audit';
import hubTwoFactorRoutes from '../two-factor/hub-policy';
import invitationRoutes from './invitations';
import memberRoutes from './members';
import hubSettingsRoutes from './settings';

/** Hubs: create, check a handle, list mine, find joinable ones, read, join and switch. */
export default async function hubRoutes(app: App) {
  const { db } = app.deps;
  // On request, so a caller who is not signed in learns nothing, not even how their input was invalid.
  app.addHook('onRequest', app.authenticate);

  route(app, hubEndpoints.create, async (request, reply) => {
    const { user } = authOf(request);
    const hub = await createHub({ db, user, body: request.body });
    await app.deps.authCache.membershipChanged(user.id, hub.id);
    // A new hub may be offered to others (their email domain).
    await app.deps.authCache.hubChanged(hub.id);
    return reply.status(201).send(ok(hub));
  });

  route(app, hubEndpoints.checkHandle, async (request) => ok(await checkHandle({ db, handle: request.query.domain_handle })));

  route(app, hubEndpoints.list, async (request) => {
    const { items, count } = await listMyHubsPage({ db, userId: authOf(request).user.id, page: request.query });
    return paged(items, count, request.query);
  });

  route(app, hubEndpoints.joinable, async (request) => {
    const { user } = authOf(request);
    return ok(await findJoinableHubs({ db, userId: user.id, email: user.email }));
  });

  route(app, hubEndpoints.switchTo, async (request) => {
    const user = await switchHub({ db, user: authOf(request).user, handle: request.body.domain_handle });
    await app.deps.authCache.userChanged(user.id);
    return ok(await getUserView({ db, user }));
  });

  route(app, hubEndpoints.get, async (request) => {
    const hub = await findMyHub({ db, userId: authOf(request).user.id, handle: request.params.handle });
    if (!hub) throw notFound('That hub');
    return ok(hub);
  });

  route(app, hubEndpoints.join, async (request) => {
    const { user } = authOf(request);
    const hub = await joinHub({ db, user, handle: request.params.handle, client: clientInfoOf(request) });
    await app.deps.authCache.membershipChanged(user.id, hub.id);
    return ok(hub);
  });

  await app.register(hubSettingsRoutes);
  await app.register(memberRoutes);
  await app.register(invitationRoutes);
  await app.register(hubTwoFactorRoutes);
  await app.register(auditRoutes);
}

import { organizationEndpoints } from '../../../lib/contract/organization-endpoints';
import { checkHandle } from '../../domain/organizations/check-handle';
import { createOrganization } from '../../domain/organizations/create-organization';
import { findJoinableOrganizations } from '../../domain/organizations/find-joinable-organizations';
import { findMyOrganization } from '../../domain/organizations/find-my-organization';
import { joinOrganization } from '../../domain/organizations/join-organization';
import { listMyOrganizationsPage } from '../../domain/organizations/list-my-organizations-page';
import { switchOrganization } from '../../domain/organizations/switch-organization';
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
import organizationSettingsRoutes from './settings';

/** Hubs: create, check a handle, list mine, find joinable ones, read, join and switch. */
export default async function organizationRoutes(app: App) {
  const { db } = app.deps;
  // On request, so a caller who is not signed in learns nothing, not even how their input was invalid.
  app.addHook('onRequest', app.authenticate);

  route(app, organizationEndpoints.create, async (request, reply) => {
    const { user } = authOf(request);
    const organization = await createOrganization({ db, user, body: request.body });
    await app.deps.authCache.membershipChanged(user.id, organization.id);
    // A new hub may be offered to others (their email domain).
    await app.deps.authCache.organizationChanged(organization.id);
    return reply.status(201).send(ok(organization));
  });

  route(app, organizationEndpoints.checkHandle, async (request) => ok(await checkHandle({ db, handle: request.query.domain_handle })));

  route(app, organizationEndpoints.list, async (request) => {
    const { items, count } = await listMyOrganizationsPage({ db, userId: authOf(request).user.id, page: request.query });
    return paged(items, count, request.query);
  });

  route(app, organizationEndpoints.joinable, async (request) => {
    const { user } = authOf(request);
    return ok(await findJoinableOrganizations({ db, userId: user.id, email: user.email }));
  });

  route(app, organizationEndpoints.switchTo, async (request) => {
    const user = await switchOrganization({ db, user: authOf(request).user, handle: request.body.domain_handle });
    await app.deps.authCache.userChanged(user.id);
    return ok(await getUserView({ db, user }));
  });

  route(app, organizationEndpoints.get, async (request) => {
    const organization = await findMyOrganization({ db, userId: authOf(request).user.id, handle: request.params.handle });
    if (!organization) throw notFound('That hub');
    return ok(organization);
  });

  route(app, organizationEndpoints.join, async (request) => {
    const { user } = authOf(request);
    const organization = await joinOrganization({ db, user, handle: request.params.handle, client: clientInfoOf(request) });
    await app.deps.authCache.membershipChanged(user.id, organization.id);
    return ok(organization);
  });

  await app.register(organizationSettingsRoutes);
  await app.register(memberRoutes);
  await app.register(invitationRoutes);
  await app.register(hubTwoFactorRoutes);
  await app.register(auditRoutes);
}

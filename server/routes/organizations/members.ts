import { memberEndpoints } from '../../../lib/contract/members';
import { hubEndpoints } from '../../../lib/contract/hub-endpoints';
import { findPublicHub } from '../../domain/members/find-public-hub';
import { leaveHub } from '../../domain/members/leave-hub';
import { listMembersPage } from '../../domain/members/list-members-page';
import { removeMember } from '../../domain/members/remove-member';
import { updateMemberRole } from '../../domain/members/update-member-role';
import { getUserView } from '../../domain/users/get-user-view';
import { ok, paged } from '../../lib/envelope';
import { authOf, hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';

/** Hub members: list, change role, remove, leave; and the public preview behind the join link. */
export default async function memberRoutes(app: App) {
  const { db } = app.deps;

  route(app, memberEndpoints.list, async (request) => {
    const { search, ...page } = request.query;
    const hub = hubOf(request);
    const { items, count } = await listMembersPage({
      db, hubId: hub.organization.id, page, search, role: hub.role,
    });
    return paged(items, count, page);
  });

  route(app, memberEndpoints.updateRole, async (request) => {
    const hub = hubOf(request);
    const member = await updateMemberRole({
      db, hub, userId: request.params.user_id, role: request.body.role, actorId: authOf(request).user.id, client: clientInfoOf(request),
    });
    await app.deps.authCache.membershipChanged(request.params.user_id, hub.organization.id);
    return ok(member, 'Role changed.');
  });

  route(app, memberEndpoints.remove, async (request) => {
    await removeMember({
      db, hub: hubOf(request), userId: request.params.user_id, actorId: authOf(request).user.id, client: clientInfoOf(request),
    });
    await app.deps.authCache.membershipChanged(request.params.user_id, hubOf(request).organization.id);
    return ok(null, 'Member removed.');
  });

  route(app, memberEndpoints.leave, async (request) => {
    const user = await leaveHub({ db, hub: hubOf(request), user: authOf(request).user, client: clientInfoOf(request) });
    await app.deps.authCache.membershipChanged(user.id, hubOf(request).organization.id);
    return ok(await getUserView({ db, user }), 'You left the hub.');
  });

  route(app, hubEndpoints.preview, async (request) => ok(
    await findPublicHub({ db, userId: authOf(request).user.id, handle: request.params.handle }),
  ));
}

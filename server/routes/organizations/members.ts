import { z } from 'zod';
import { userSchema } from '../../../lib/contract/auth';
import { dataEnvelope, listEnvelope } from '../../../lib/contract/envelope';
import { memberParams, memberSchema, membersQuery, updateMemberBody } from '../../../lib/contract/members';
import { organizationHandleParams, organizationPreviewSchema } from '../../../lib/contract/organizations';
import { findPublicOrganization } from '../../domain/members/find-public-organization';
import { leaveOrganization } from '../../domain/members/leave-organization';
import { listMembersPage } from '../../domain/members/list-members-page';
import { removeMember } from '../../domain/members/remove-member';
import { updateMemberRole } from '../../domain/members/update-member-role';
import { getUserView } from '../../domain/users/get-user-view';
import { ok, paged } from '../../lib/envelope';
import { authOf, hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { hubScope } from './members-scope';

const tags = ['members'];
const security = [{ jwt: [] }];

/** Hub members: list, change role, remove, leave; and the public preview behind the join link. */
export default async function memberRoutes(app: App) {
  const { db } = app.deps;
  const onRequest = hubScope(app);

  app.get('/:handle/members/', {
    onRequest,
    schema: {
      tags, security, summary: 'Members of the hub, paged, optionally searched by name or email',
      params: organizationHandleParams,
      querystring: membersQuery,
      response: { 200: listEnvelope(memberSchema) },
    },
  }, async (request) => {
    const { search, ...page } = request.query;
    const hub = hubOf(request);
    const { items, count } = await listMembersPage({
      db, organizationId: hub.organization.id, page, search, showTwoFactor: hub.role === 'owner',
    });
    return paged(items, count, page);
  });

  app.patch('/:handle/members/:user_id/', {
    onRequest,
    schema: {
      tags, security, summary: "Change a member's role (owner); the last owner cannot be demoted",
      params: memberParams,
      body: updateMemberBody,
      response: { 200: dataEnvelope(memberSchema) },
    },
  }, async (request) => {
    const hub = hubOf(request);
    const member = await updateMemberRole({
      db, hub, userId: request.params.user_id, role: request.body.role, actorId: authOf(request).user.id, client: clientInfoOf(request),
    });
    await app.deps.authCache.membershipChanged(request.params.user_id, hub.organization.id);
    return ok(member, 'Role changed.');
  });

  app.delete('/:handle/members/:user_id/', {
    onRequest,
    schema: {
      tags, security, summary: 'Remove a member from the hub and its spaces (owner); not the last owner',
      params: memberParams,
      response: { 200: dataEnvelope(z.null()) },
    },
  }, async (request) => {
    await removeMember({
      db, hub: hubOf(request), userId: request.params.user_id, actorId: authOf(request).user.id, client: clientInfoOf(request),
    });
    await app.deps.authCache.membershipChanged(request.params.user_id, hubOf(request).organization.id);
    return ok(null, 'Member removed.');
  });

  app.post('/:handle/leave/', {
    onRequest,
    schema: {
      tags, security, summary: 'Leave the hub (the last owner cannot). Answers with my user view',
      params: organizationHandleParams,
      response: { 200: dataEnvelope(userSchema) },
    },
  }, async (request) => {
    const user = await leaveOrganization({ db, hub: hubOf(request), user: authOf(request).user, client: clientInfoOf(request) });
    await app.deps.authCache.membershipChanged(user.id, hubOf(request).organization.id);
    return ok(await getUserView({ db, user }), 'You left the hub.');
  });

  app.get('/:handle/preview/', {
    schema: {
      tags, security, summary: 'A public hub as the shareable join link shows it (shared hubs answer 404)',
      params: organizationHandleParams,
      response: { 200: dataEnvelope(organizationPreviewSchema) },
    },
  }, async (request) => ok(
    await findPublicOrganization({ db, userId: authOf(request).user.id, handle: request.params.handle }),
  ));
}

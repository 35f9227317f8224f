import { spaceEndpoints } from '../../../lib/contract/spaces';
import { addSpaceMember } from '../../domain/spaces/add-space-member';
import { listSpaceMemberCandidates } from '../../domain/spaces/list-space-member-candidates';
import { listSpaceMembers } from '../../domain/spaces/list-space-members';
import { removeSpaceMember } from '../../domain/spaces/remove-space-member';
import { updateSpaceMember } from '../../domain/spaces/update-space-member';
import { ok, paged } from '../../lib/envelope';
import { spaceAccessOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';
import { viewerOf } from './viewer';

/** Members of a space: list, who could be added, add a member of the hub, change a role, remove. */
export function registerSpaceMemberRoutes(app: App) {
  const { db } = app.deps;

  route(app, spaceEndpoints.members, async (request) => {
    const { page, page_size, search } = request.query;
    const { items, count } = await listSpaceMembers({
      db, viewer: viewerOf(request), spaceId: request.params.id, page: { page, page_size }, search,
    });
    return paged(items, count, request.query);
  });

  route(app, spaceEndpoints.memberCandidates, async (request) => {
    const { page, page_size, search } = request.query;
    const { items, count } = await listSpaceMemberCandidates({
      db, viewer: viewerOf(request), access: spaceAccessOf(request), page: { page, page_size }, search,
    });
    return paged(items, count, request.query);
  });

  route(app, spaceEndpoints.addMember, async (request, reply) => {
    const added = await addSpaceMember({
      db, viewer: viewerOf(request), spaceId: request.params.id, body: request.body, client: clientInfoOf(request),
    });
    return reply.status(201).send(ok(added, `${added.name} was added to the space.`));
  });

  route(app, spaceEndpoints.updateMember, async (request) => {
    const updated = await updateSpaceMember({
      db, viewer: viewerOf(request), spaceId: request.params.id, userId: request.params.user_id, role: request.body.role,
      client: clientInfoOf(request),
    });
    return ok(updated, 'Role changed.');
  });

  route(app, spaceEndpoints.removeMember, async (request) => {
    await removeSpaceMember({
      db, viewer: viewerOf(request), spaceId: request.params.id, userId: request.params.user_id, client: clientInfoOf(request),
    });
    return ok(null, 'Member removed from the space.');
  });
}

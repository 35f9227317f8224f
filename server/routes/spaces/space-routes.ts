import { spaceEndpoints } from '../../../lib/contract/spaces';
import { archiveSpace } from '../../domain/spaces/archive-space';
import { createSpace } from '../../domain/spaces/create-space';
import { joinSpace } from '../../domain/spaces/join-space';
import { leaveSpace } from '../../domain/spaces/leave-space';
import { listSpaces } from '../../domain/spaces/list-spaces';
import { openSpace } from '../../domain/spaces/open-space';
import { restoreSpace } from '../../domain/spaces/restore-space';
import { starSpace } from '../../domain/spaces/star-space';
import { updateSpace } from '../../domain/spaces/update-space';
import { ok, paged } from '../../lib/envelope';
import { hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';
import { viewerOf } from './viewer';

/** Spaces of the caller's hub: create, list, read, edit, archive, restore, star, join and leave. */
export function registerSpaceRoutes(app: App) {
  const { db } = app.deps;

  route(app, spaceEndpoints.create, async (request, reply) => {
    const created = await createSpace({
      db, config: app.deps.config, viewer: viewerOf(request), organization: hubOf(request).organization, body: request.body,
      client: clientInfoOf(request),
    });
    return reply.status(201).send(ok(created, 'Space created.'));
  });

  route(app, spaceEndpoints.list, async (request) => {
    const { page, page_size, ...filters } = request.query;
    const { items, count } = await listSpaces({ db, viewer: viewerOf(request), page: { page, page_size }, filters });
    return paged(items, count, request.query);
  });

  route(app, spaceEndpoints.get, async (request) => ok(await openSpace({ db, viewer: viewerOf(request), spaceId: request.params.id })));

  route(app, spaceEndpoints.update, async (request) =>
    ok(await updateSpace({
      db, viewer: viewerOf(request), spaceId: request.params.id, body: request.body, client: clientInfoOf(request),
    }), 'Space saved.'));

  route(app, spaceEndpoints.archive, async (request) =>
    ok(await archiveSpace({ db, viewer: viewerOf(request), spaceId: request.params.id, client: clientInfoOf(request) }), 'Space archived.'));

  route(app, spaceEndpoints.restore, async (request) => {
    const restored = await restoreSpace({
      db, config: app.deps.config, viewer: viewerOf(request), organization: hubOf(request).organization, spaceId: request.params.id,
      client: clientInfoOf(request),
    });
    return ok(restored, 'Space restored.');
  });

  route(app, spaceEndpoints.star, async (request) =>
    ok(await starSpace({ db, viewer: viewerOf(request), spaceId: request.params.id, starred: true }), 'Space starred.'));

  route(app, spaceEndpoints.unstar, async (request) =>
    ok(await starSpace({ db, viewer: viewerOf(request), spaceId: request.params.id, starred: false }), 'Star removed.'));

  route(app, spaceEndpoints.join, async (request) =>
    ok(await joinSpace({ db, viewer: viewerOf(request), spaceId: request.params.id, client: clientInfoOf(request) }), 'You joined the space.'));

  route(app, spaceEndpoints.leave, async (request) => {
    await leaveSpace({ db, viewer: viewerOf(request), spaceId: request.params.id, client: clientInfoOf(request) });
    return ok(null, 'You left the space.');
  });
}

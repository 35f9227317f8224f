import { contentEndpoints } from '../../../lib/contract/contents';
import { deleteContent } from '../../domain/contents/delete-content';
import { getContent } from '../../domain/contents/get-content';
import { getEmailView } from '../../domain/contents/get-email-view';
import { listContentRows } from '../../domain/contents/list-content-rows';
import { listContents } from '../../domain/contents/list-contents';
import { readContentText } from '../../domain/contents/read-content-text';
import { renameContent } from '../../domain/contents/rename-content';
import { ok, paged } from '../../lib/envelope';
import type { App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';
import { viewerOf } from '../spaces/viewer';
import { presenterOf } from './presenter';

/** List, read, rename, delete, text pages, rows and email view of a space's contents. */
export function registerContentReadRoutes(app: App) {
  const { db, storage } = app.deps;

  route(app, contentEndpoints.list, async (request) => {
    const { page, page_size, ...filters } = request.query;
    const { items, count } = await listContents({
      db, viewer: viewerOf(request), spaceId: request.params.id, page: { page, page_size }, filters, presenter: presenterOf(app, request),
    });
    return paged(items, count, request.query);
  });

  route(app, contentEndpoints.get, async (request) => ok(await getContent({
    db, viewer: viewerOf(request), spaceId: request.params.id, contentId: request.params.content_id, presenter: presenterOf(app, request),
  })));

  route(app, contentEndpoints.rename, async (request) => {
    const renamed = await renameContent({
      db,
      viewer: viewerOf(request),
      spaceId: request.params.id,
      contentId: request.params.content_id,
      name: request.body.name,
      presenter: presenterOf(app, request),
    });
    return ok(renamed, 'Renamed.');
  });

  route(app, contentEndpoints.remove, async (request) => {
    const deleted = await deleteContent({
      db, storage, viewer: viewerOf(request), spaceId: request.params.id, contentId: request.params.content_id, client: clientInfoOf(request),
    });
    return ok(null, `${deleted.name} is deleted.`);
  });

  route(app, contentEndpoints.text, async (request) => ok(await readContentText({
    db, viewer: viewerOf(request), spaceId: request.params.id, contentId: request.params.content_id, page: request.query.page,
  })));

  route(app, contentEndpoints.rows, async (request) => {
    const { items, count } = await listContentRows({
      db, viewer: viewerOf(request), spaceId: request.params.id, contentId: request.params.content_id, page: request.query,
    });
    return paged(items, count, request.query);
  });

  route(app, contentEndpoints.email, async (request) => ok(await getEmailView({
    db,
    storage,
    viewer: viewerOf(request),
    spaceId: request.params.id,
    contentId: request.params.content_id,
    presenter: presenterOf(app, request),
  })));
}

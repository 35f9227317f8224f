import { searchEndpoints } from '../../../lib/contract/search';
import { findSpacesAndPeople } from '../../domain/search/find-spaces-and-people';
import { searchContents } from '../../domain/search/search-contents';
import { paged } from '../../lib/envelope';
import type { App } from '../../types';
import { presenterOf } from '../contents/presenter';
import { route } from '../endpoint-route';
import { viewerOf } from '../spaces/viewer';

/** search/: full-text search over the spaces the caller may read, and their spaces and people by name. Signed in, inside a hub (Org-Handle or the active hub). */
export default async function searchRoutes(app: App) {
  const { db } = app.deps;

  route(app, searchEndpoints.search, async (request) => {
    const { page, page_size, q, ...filters } = request.query;
    const { items, count, countIsCapped } = await searchContents({
      db,
      viewer: viewerOf(request),
      presenter: presenterOf(app, request),
      page: { page, page_size },
      // q is required by the schema; the fallback only satisfies its optional type.
      search: { q: q ?? '', ...filters },
    });
    return { ...paged(items, count, request.query), count_is_capped: countIsCapped };
  });

  route(app, searchEndpoints.spacesAndPeople, async (request) => ({
    // q is required by the schema; the fallback only satisfies its optional type.
    data: await findSpacesAndPeople({ db, viewer: viewerOf(request), q: request.query.q ?? '' }),
  }));
}

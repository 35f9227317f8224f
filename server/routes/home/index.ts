import { homeEndpoint } from '../../../lib/contract/home';
import { getHome } from '../../domain/home/get-home';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { viewerOf } from '../spaces/viewer';

/** home/: what the hub home shows. Signed in, inside a hub (Org-Handle or the active hub). */
export default async function homeRoutes(app: App) {
  const { db, signalling } = app.deps;
  route(
    app, homeEndpoint,
    async (request) => ok(await getHome({ db, viewer: viewerOf(request), goneAfterMs: signalling.goneAfterMs })),
  );
}

import type { App } from '../../types';
import { registerContentReadRoutes } from './content-routes';
import { registerContactAndNoteRoutes } from './contact-and-note-routes';
import { registerUploadRoutes } from './upload-routes';

/** spaces/{id}/contents/…: what a space holds. Signed in, inside a hub (Org-Handle or the active hub). */
export default async function contentRoutes(app: App) {
  // Each endpoint here works inside a hub (Endpoint.hub): route() adds the hub's hooks after this one.
  app.addHook('onRequest', app.authenticate);
  await registerUploadRoutes(app);
  registerContentReadRoutes(app);
  registerContactAndNoteRoutes(app);
}

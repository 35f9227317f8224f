import type { App } from '../../types';
import { registerContentReadRoutes } from './content-routes';
import { registerContactAndNoteRoutes } from './contact-and-note-routes';
import { registerUploadRoutes } from './upload-routes';

/** spaces/{id}/contents/…: what a space holds. Signed in, inside a hub (Org-Handle or the active hub). */
export default async function contentRoutes(app: App) {
  // On request, so a caller outside the hub learns nothing, not even how their input was invalid.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireHub);
  await registerUploadRoutes(app);
  registerContentReadRoutes(app);
  registerContactAndNoteRoutes(app);
}

import type { App } from '../../types';
import { registerContentReadRoutes } from './content-routes';
import { registerContactAndNoteRoutes } from './contact-and-note-routes';
import { registerUploadRoutes } from './upload-routes';

/** spaces/{id}/contents/…: what a space holds. Signed in, inside a hub (Org-Handle or the active hub). */
export default async function contentRoutes(app: App) {
  await registerUploadRoutes(app);
  registerContentReadRoutes(app);
  registerContactAndNoteRoutes(app);
}

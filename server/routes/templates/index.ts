import type { App } from '../../types';
import { registerTemplateRoutes } from './template-routes';

/** form-templates/…: the hub's form templates. Signed in, inside a hub (Org-Handle or the active hub). */
export default async function templateRoutes(app: App) {
  registerTemplateRoutes(app);
}

import type { App } from '../../types';
import { registerImportRoutes } from './import-routes';
import { registerRecordRoutes } from './record-routes';

/** spaces/{id}/contents/record-tables/ and …/{content_id}/records/…: record tables. Signed in, inside a hub. */
export default async function recordRoutes(app: App) {
  app.addHook('onRequest', app.authenticate);
  registerRecordRoutes(app);
  await registerImportRoutes(app);
}

import { basicSettings } from '../../../lib/basic-settings';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { basicSettingsSchema } from '../../../lib/contract/settings';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';

/** Global settings the web app loads once it knows the user. */
export default async function coreRoutes(app: App) {
  app.get('/basic-settings/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['core'], security: [{ jwt: [] }],
      summary: 'Visibility options, roles with their operations, and profile roles',
      response: { 200: dataEnvelope(basicSettingsSchema) },
    },
  }, async () => ok(basicSettings));
}

import { basicSettings } from '../../../lib/basic-settings';
import { coreEndpoints } from '../../../lib/contract/settings';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';

/** Global settings the web app loads once it knows the user. */
export default async function coreRoutes(app: App) {
  route(app, coreEndpoints.basicSettings, async () => ok(basicSettings));
}

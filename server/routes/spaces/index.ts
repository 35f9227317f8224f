import type { App } from '../../types';
import { registerSpaceInvitationRoutes } from './invitation-routes';
import { registerSpaceMemberRoutes } from './member-routes';
import { registerSpaceRoutes } from './space-routes';

/** Everything under spaces/ (spaces, their members and invitations): signed in, inside a hub (Org-Handle or the active hub). */
export default async function spaceRoutes(app: App) {
  // On request, so a caller outside the hub learns nothing, not even how their input was invalid.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireHub);
  registerSpaceRoutes(app);
  registerSpaceMemberRoutes(app);
  registerSpaceInvitationRoutes(app);
}

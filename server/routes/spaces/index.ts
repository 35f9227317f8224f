import type { App } from '../../types';
import { registerSpaceInvitationRoutes } from './invitation-routes';
import { registerSpaceMemberRoutes } from './member-routes';
import { registerSpaceRoutes } from './space-routes';

/** Everything under spaces/ (spaces, their members and invitations): signed in, inside a hub (Org-Handle or the active hub). */
export default async function spaceRoutes(app: App) {
  registerSpaceRoutes(app);
  registerSpaceMemberRoutes(app);
  registerSpaceInvitationRoutes(app);
}

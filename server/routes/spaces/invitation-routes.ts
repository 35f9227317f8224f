import { spaceInvitationEndpoints } from '../../../lib/contract/invitations';
import { cancelSpaceInvitation } from '../../domain/invitations/cancel-space-invitation';
import { createSpaceInvitations } from '../../domain/invitations/create-space-invitations';
import { listSpaceInvitationsPage } from '../../domain/invitations/list-space-invitations-page';
import { resendSpaceInvitation } from '../../domain/invitations/resend-space-invitation';
import { ok, paged } from '../../lib/envelope';
import { authOf, hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';
import { viewerOf } from './viewer';

/** Email invitations into a space: invite, list pending, resend, cancel (editors and owners of the space). */
export function registerSpaceInvitationRoutes(app: App) {
  const { db, config, mailer } = app.deps;

  route(app, spaceInvitationEndpoints.create, async (request, reply) => {
    const sent = await createSpaceInvitations({
      db, config, mailer, viewer: viewerOf(request), organization: hubOf(request).organization, inviter: authOf(request).user,
      spaceId: request.params.id, emails: request.body.emails, role: request.body.role, client: clientInfoOf(request),
    });
    // Invitations are offered in the invitees' `auth/me/` views.
    await app.deps.authCache.hubChanged(hubOf(request).organization.id);
    return reply.status(sent.some((r) => r.invitation !== null) ? 201 : 200).send(ok(sent));
  });

  route(app, spaceInvitationEndpoints.list, async (request) => {
    const { items, count } = await listSpaceInvitationsPage({
      db, viewer: viewerOf(request), spaceId: request.params.id, page: request.query,
    });
    return paged(items, count, request.query);
  });

  route(app, spaceInvitationEndpoints.resend, async (request) => {
    const invitation = await resendSpaceInvitation({
      db, config, mailer, viewer: viewerOf(request), organization: hubOf(request).organization, user: authOf(request).user,
      spaceId: request.params.id, id: request.params.invitation_id, client: clientInfoOf(request),
    });
    await app.deps.authCache.hubChanged(hubOf(request).organization.id);
    return ok(invitation, 'Invitation sent again.');
  });

  route(app, spaceInvitationEndpoints.cancel, async (request) => {
    await cancelSpaceInvitation({
      db, viewer: viewerOf(request), spaceId: request.params.id, id: request.params.invitation_id, client: clientInfoOf(request),
    });
    await app.deps.authCache.hubChanged(hubOf(request).organization.id);
    return ok(null, 'Invitation cancelled.');
  });
}

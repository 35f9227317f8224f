import { invitationEndpoints } from '../../../lib/contract/invitations';
import { cancelInvitation } from '../../domain/invitations/cancel-invitation';
import { createInvitations } from '../../domain/invitations/create-invitations';
import { listInvitationsPage } from '../../domain/invitations/list-invitations-page';
import { resendInvitation } from '../../domain/invitations/resend-invitation';
import { ok, paged } from '../../lib/envelope';
import { authOf, hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';

/** Hub invitations: invite by email, list pending, resend, cancel (editors and above). */
export default async function invitationRoutes(app: App) {
  const { db, config, mailer } = app.deps;

  route(app, invitationEndpoints.create, async (request, reply) => {
    const results = await createInvitations({
      db, config, mailer, hub: hubOf(request), inviter: authOf(request).user, emails: request.body.emails, role: request.body.role,
      client: clientInfoOf(request),
    });
    // Invitations are offered in the invitees' `auth/me/` views.
    await app.deps.authCache.hubChanged(hubOf(request).organization.id);
    const created = results.some((r) => r.invitation !== null);
    return reply.status(created ? 201 : 200).send(ok(results));
  });

  route(app, invitationEndpoints.list, async (request) => {
    const { items, count } = await listInvitationsPage({ db, hub: hubOf(request), page: request.query });
    return paged(items, count, request.query);
  });

  route(app, invitationEndpoints.resend, async (request) => {
    const invitation = await resendInvitation({
      db, config, mailer, hub: hubOf(request), user: authOf(request).user, id: request.params.id, client: clientInfoOf(request),
    });
    await app.deps.authCache.hubChanged(hubOf(request).organization.id);
    return ok(invitation, 'Invitation sent again.');
  });

  route(app, invitationEndpoints.cancel, async (request) => {
    await cancelInvitation({ db, hub: hubOf(request), id: request.params.id, actorId: authOf(request).user.id, client: clientInfoOf(request) });
    await app.deps.authCache.hubChanged(hubOf(request).organization.id);
    return ok(null, 'Invitation cancelled.');
  });
}

import { z } from 'zod';
import { dataEnvelope, listEnvelope } from '../../../lib/contract/envelope';
import {
  createInvitationsBody, invitationParams, invitationSchema, invitationsQuery, inviteResultSchema,
} from '../../../lib/contract/invitations';
import { organizationHandleParams } from '../../../lib/contract/organizations';
import { cancelInvitation } from '../../domain/invitations/cancel-invitation';
import { createInvitations } from '../../domain/invitations/create-invitations';
import { listInvitationsPage } from '../../domain/invitations/list-invitations-page';
import { resendInvitation } from '../../domain/invitations/resend-invitation';
import { ok, paged } from '../../lib/envelope';
import { authOf, hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { hubScope } from './members-scope';

const tags = ['invitations'];
const security = [{ jwt: [] }];

/** Hub invitations: invite by email, list pending, resend, cancel (editors and above). */
export default async function invitationRoutes(app: App) {
  const { db, config, mailer } = app.deps;
  const onRequest = hubScope(app);

  app.post('/:handle/invitations/', {
    onRequest,
    schema: {
      tags, security,
      summary: 'Invite up to 20 emails with one role; answers each address\'s outcome (201 when any invitation was sent)',
      params: organizationHandleParams,
      body: createInvitationsBody,
      response: { 200: dataEnvelope(z.array(inviteResultSchema)), 201: dataEnvelope(z.array(inviteResultSchema)) },
    },
  }, async (request, reply) => {
    const results = await createInvitations({
      db, config, mailer, hub: hubOf(request), inviter: authOf(request).user, emails: request.body.emails, role: request.body.role,
      client: clientInfoOf(request),
    });
    // Invitations are offered in the invitees' `auth/me/` views.
    await app.deps.authCache.organizationChanged(hubOf(request).organization.id);
    const created = results.some((r) => r.invitation !== null);
    return reply.status(created ? 201 : 200).send(ok(results));
  });

  app.get('/:handle/invitations/', {
    onRequest,
    schema: {
      tags, security, summary: 'Pending invitations of the hub, newest first',
      params: organizationHandleParams,
      querystring: invitationsQuery,
      response: { 200: listEnvelope(invitationSchema) },
    },
  }, async (request) => {
    const { items, count } = await listInvitationsPage({ db, hub: hubOf(request), page: request.query });
    return paged(items, count, request.query);
  });

  app.post('/:handle/invitations/:id/resend/', {
    onRequest,
    schema: {
      tags, security, summary: 'Send a pending invitation again with a new link (at most 3 emails per 10 minutes)',
      params: invitationParams,
      response: { 200: dataEnvelope(invitationSchema) },
    },
  }, async (request) => {
    const invitation = await resendInvitation({
      db, config, mailer, hub: hubOf(request), user: authOf(request).user, id: request.params.id, client: clientInfoOf(request),
    });
    await app.deps.authCache.organizationChanged(hubOf(request).organization.id);
    return ok(invitation, 'Invitation sent again.');
  });

  app.delete('/:handle/invitations/:id/', {
    onRequest,
    schema: {
      tags, security, summary: 'Cancel a pending invitation; its link stops working',
      params: invitationParams,
      response: { 200: dataEnvelope(z.null()) },
    },
  }, async (request) => {
    await cancelInvitation({ db, hub: hubOf(request), id: request.params.id, actorId: authOf(request).user.id, client: clientInfoOf(request) });
    await app.deps.authCache.organizationChanged(hubOf(request).organization.id);
    return ok(null, 'Invitation cancelled.');
  });
}

import { z } from 'zod';
import { dataEnvelope, listEnvelope } from '../../../lib/contract/envelope';
import {
  createInvitationsBody, invitationSchema, invitationsQuery, inviteResultSchema, spaceInvitationParams,
} from '../../../lib/contract/invitations';
import { spaceParams } from '../../../lib/contract/spaces';
import { cancelSpaceInvitation } from '../../domain/invitations/cancel-space-invitation';
import { createSpaceInvitations } from '../../domain/invitations/create-space-invitations';
import { listSpaceInvitationsPage } from '../../domain/invitations/list-space-invitations-page';
import { resendSpaceInvitation } from '../../domain/invitations/resend-space-invitation';
import { ok, paged } from '../../lib/envelope';
import { authOf, hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { errorResponses, signedIn } from '../auth/responses';
import { viewerOf } from './viewer';

const tags = ['spaces', 'invitations'];
const results = dataEnvelope(z.array(inviteResultSchema));

/** Email invitations into a space: invite, list pending, resend, cancel (editors and owners of the space). */
export function registerSpaceInvitationRoutes(app: App) {
  const { db, config, mailer } = app.deps;

  app.post('/:id/invitations/', {
    schema: {
      tags, security: signedIn,
      summary: "Invite up to 20 emails into a space with one role; answers each address's outcome (201 when any invitation was sent)",
      params: spaceParams,
      body: createInvitationsBody,
      response: { 200: results, 201: results, ...errorResponses(400, 401, 403, 404, 422) },
    },
  }, async (request, reply) => {
    const sent = await createSpaceInvitations({
      db, config, mailer, viewer: viewerOf(request), organization: hubOf(request).organization, inviter: authOf(request).user,
      spaceId: request.params.id, emails: request.body.emails, role: request.body.role, client: clientInfoOf(request),
    });
    // Invitations are offered in the invitees' `auth/me/` views.
    await app.deps.authCache.organizationChanged(hubOf(request).organization.id);
    return reply.status(sent.some((r) => r.invitation !== null) ? 201 : 200).send(ok(sent));
  });

  app.get('/:id/invitations/', {
    schema: {
      tags, security: signedIn, summary: "A space's pending invitations, newest first",
      params: spaceParams,
      querystring: invitationsQuery,
      response: { 200: listEnvelope(invitationSchema), ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request) => {
    const { items, count } = await listSpaceInvitationsPage({
      db, viewer: viewerOf(request), spaceId: request.params.id, page: request.query,
    });
    return paged(items, count, request.query);
  });

  app.post('/:id/invitations/:invitation_id/resend/', {
    schema: {
      tags, security: signedIn, summary: 'Send a pending space invitation again with a new link (at most 3 emails per 10 minutes)',
      params: spaceInvitationParams,
      response: { 200: dataEnvelope(invitationSchema), ...errorResponses(401, 403, 404, 422, 429) },
    },
  }, async (request) => {
    const invitation = await resendSpaceInvitation({
      db, config, mailer, viewer: viewerOf(request), organization: hubOf(request).organization, user: authOf(request).user,
      spaceId: request.params.id, id: request.params.invitation_id, client: clientInfoOf(request),
    });
    await app.deps.authCache.organizationChanged(hubOf(request).organization.id);
    return ok(invitation, 'Invitation sent again.');
  });

  app.delete('/:id/invitations/:invitation_id/', {
    schema: {
      tags, security: signedIn, summary: 'Cancel a pending space invitation; its link stops working',
      params: spaceInvitationParams,
      response: { 200: dataEnvelope(z.null()), ...errorResponses(401, 403, 404) },
    },
  }, async (request) => {
    await cancelSpaceInvitation({
      db, viewer: viewerOf(request), spaceId: request.params.id, id: request.params.invitation_id, client: clientInfoOf(request),
    });
    await app.deps.authCache.organizationChanged(hubOf(request).organization.id);
    return ok(null, 'Invitation cancelled.');
  });
}

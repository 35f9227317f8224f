import type { FastifyRequest } from 'fastify';
import { invitationEndpoints } from '../../../lib/contract/invitations';
import { acceptInvitation } from '../../domain/invitations/accept-invitation';
import { getInvitationPreview } from '../../domain/invitations/get-invitation-preview';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { authOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { route } from '../endpoint-route';

/** The emailed invitation link: preview it (no sign-in needed) and accept it (signed in as the invited email). */
export default async function invitationTokenRoutes(app: App) {
  const { db } = app.deps;

  // Public; a token, when sent and live, names who is looking (a bad one is no one, not an error).
  const viewerIfSignedIn = async (request: FastifyRequest) => {
    if (!request.headers.authorization) return;
    try {
      await app.authenticate(request);
    } catch (error) {
      if (!(error instanceof AppError && error.status === 401)) throw error;
    }
  };
  route(app, invitationEndpoints.preview, async (request) => ok(await getInvitationPreview({
    db, token: request.params.token, viewerEmail: request.auth?.user.email ?? null,
  })), { onRequest: viewerIfSignedIn });

  route(app, invitationEndpoints.accept, async (request) => {
    const { user } = authOf(request);
    const accepted = await acceptInvitation({ db, user, token: request.params.token, client: clientInfoOf(request) });
    await app.deps.authCache.membershipChanged(user.id, accepted.id);
    return ok(accepted, accepted.space ? `Welcome to ${accepted.space.name}.` : 'Welcome to the hub.');
  }, { onRequest: app.authenticate });
}

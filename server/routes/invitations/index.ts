import { dataEnvelope } from '../../../lib/contract/envelope';
import { invitationAcceptanceSchema, invitationPreviewSchema, invitationTokenParams } from '../../../lib/contract/invitations';
import { acceptInvitation } from '../../domain/invitations/accept-invitation';
import { getInvitationPreview } from '../../domain/invitations/get-invitation-preview';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';

const tags = ['invitations'];

/** The emailed invitation link: preview it (no sign-in) and accept it (signed in as the invited email). */
export default async function invitationTokenRoutes(app: App) {
  const { db } = app.deps;

  app.get('/:token/', {
    schema: {
      tags, summary: 'What an invitation link offers; unknown, expired, used and cancelled links answer 404',
      params: invitationTokenParams,
      response: { 200: dataEnvelope(invitationPreviewSchema) },
    },
  }, async (request) => ok(await getInvitationPreview({ db, token: request.params.token })));

  app.post('/:token/accept/', {
    onRequest: app.authenticate,
    schema: {
      tags, security: [{ jwt: [] }],
      summary: 'Accept an invitation as the invited email; the hub becomes my active hub (a space invitation also names the space)',
      params: invitationTokenParams,
      response: { 200: dataEnvelope(invitationAcceptanceSchema) },
    },
  }, async (request) => {
    const { user } = authOf(request);
    const accepted = await acceptInvitation({ db, user, token: request.params.token, client: clientInfoOf(request) });
    await app.deps.authCache.membershipChanged(user.id, accepted.id);
    return ok(accepted, accepted.space ? `Welcome to ${accepted.space.name}.` : 'Welcome to the hub.');
  });
}

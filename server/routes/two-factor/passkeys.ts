import { z } from 'zod';
import { dataEnvelope } from '../../../lib/contract/envelope';
import {
  addPasskeyBody, addedPasskeySchema, passkeyParams, passkeySchema, proofBody, renamePasskeyBody, webauthnOptions,
} from '../../../lib/contract/two-factor';
import { addPasskey } from '../../domain/two-factor/add-passkey';
import { assertFreshProof } from '../../domain/two-factor/assert-fresh-proof';
import { removePasskey } from '../../domain/two-factor/remove-passkey';
import { renamePasskey } from '../../domain/two-factor/rename-passkey';
import { startPasskeyRegistration } from '../../domain/two-factor/start-passkey-registration';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { authRateLimit } from '../auth/rate-limit';
import { errorResponses, signedIn } from '../auth/responses';

const tags = ['two-factor'];

/** The signed-in person's passkeys, under auth/passkeys/. */
export function passkeyRoutes(app: App) {
  const { db, config } = app.deps;
  const onRequest = app.authenticate;

  app.post('/passkeys/options/', {
    onRequest,
    config: authRateLimit(app),
    schema: {
      tags, security: signedIn, summary: 'WebAuthn options to add a passkey (fresh proof)',
      body: proofBody,
      response: { 200: dataEnvelope(webauthnOptions), ...errorResponses(400, 401, 403, 429) },
    },
  }, async (request) => {
    const auth = authOf(request);
    await assertFreshProof({ db, config, auth, proof: request.body });
    return ok(await startPasskeyRegistration({ db, config, user: auth.user }));
  });

  app.post('/passkeys/', {
    onRequest,
    config: authRateLimit(app),
    schema: {
      tags, security: signedIn, summary: 'Add the passkey the browser made; the first second factor also answers recovery codes, once',
      body: addPasskeyBody,
      response: { 201: dataEnvelope(addedPasskeySchema), ...errorResponses(400, 401, 409, 429) },
    },
  }, async (request, reply) => {
    const { user } = authOf(request);
    const added = await addPasskey({
      db, config, user, credential: request.body.credential, name: request.body.name, client: clientInfoOf(request),
    });
    await app.deps.authCache.userChanged(user.id);
    return reply.status(201).send(ok(added, 'Passkey added.'));
  });

  app.patch('/passkeys/:id/', {
    onRequest,
    schema: {
      tags, security: signedIn, summary: 'Rename one of my passkeys',
      params: passkeyParams,
      body: renamePasskeyBody,
      response: { 200: dataEnvelope(passkeySchema), ...errorResponses(400, 401, 404) },
    },
  }, async (request) => ok(
    await renamePasskey({ db, user: authOf(request).user, id: request.params.id, name: request.body.name }),
    'Passkey renamed.',
  ));

  app.delete('/passkeys/:id/', {
    onRequest,
    config: authRateLimit(app),
    schema: {
      tags, security: signedIn, summary: 'Remove one of my passkeys (fresh proof)',
      params: passkeyParams,
      body: proofBody,
      response: { 200: dataEnvelope(z.null()), ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request) => {
    const auth = authOf(request);
    await assertFreshProof({ db, config, auth, proof: request.body });
    await removePasskey({ db, user: auth.user, id: request.params.id, client: clientInfoOf(request) });
    await app.deps.authCache.userChanged(auth.user.id);
    return ok(null, 'Passkey removed.');
  });
}

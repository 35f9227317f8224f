import { twoFactorEndpoints } from '../../../lib/contract/two-factor';
import { addPasskey } from '../../domain/two-factor/add-passkey';
import { assertFreshProof } from '../../domain/two-factor/assert-fresh-proof';
import { removePasskey } from '../../domain/two-factor/remove-passkey';
import { renamePasskey } from '../../domain/two-factor/rename-passkey';
import { startPasskeyRegistration } from '../../domain/two-factor/start-passkey-registration';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { authRateLimit } from '../auth/rate-limit';
import { route } from '../endpoint-route';

/** The signed-in person's passkeys, under auth/passkeys/. */
export function passkeyRoutes(app: App) {
  const { db, config } = app.deps;
  const onRequest = app.authenticate;
  const limited = { onRequest, config: authRateLimit(app) };

  route(app, twoFactorEndpoints.passkeyOptions, async (request) => {
    const auth = authOf(request);
    await assertFreshProof({ db, config, auth, proof: request.body });
    return ok(await startPasskeyRegistration({ db, config, user: auth.user }));
  }, limited);

  route(app, twoFactorEndpoints.addPasskey, async (request, reply) => {
    const { user } = authOf(request);
    const added = await addPasskey({
      db, config, user, credential: request.body.credential, name: request.body.name, client: clientInfoOf(request),
    });
    await app.deps.authCache.userChanged(user.id);
    return reply.status(201).send(ok(added, 'Passkey added.'));
  }, limited);

  route(app, twoFactorEndpoints.renamePasskey, async (request) => ok(
    await renamePasskey({ db, user: authOf(request).user, id: request.params.id, name: request.body.name }),
    'Passkey renamed.',
  ), { onRequest });

  route(app, twoFactorEndpoints.removePasskey, async (request) => {
    const auth = authOf(request);
    await assertFreshProof({ db, config, auth, proof: request.body });
    await removePasskey({ db, user: auth.user, id: request.params.id, client: clientInfoOf(request) });
    await app.deps.authCache.userChanged(auth.user.id);
    return ok(null, 'Passkey removed.');
  }, limited);
}

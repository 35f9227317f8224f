import { twoFactorEndpoints } from '../../../lib/contract/two-factor';
import { countOtherSessions } from '../../domain/sessions/count-other-sessions';
import { addPasskey } from '../../domain/two-factor/add-passkey';
import { assertFreshProof } from '../../domain/two-factor/assert-fresh-proof';
import { removePasskey } from '../../domain/two-factor/remove-passkey';
import { renamePasskey } from '../../domain/two-factor/rename-passkey';
import { startPasskeyProof } from '../../domain/two-factor/start-passkey-proof';
import { startPasskeyRegistration } from '../../domain/two-factor/start-passkey-registration';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { authRateLimit } from '../auth/rate-limit';
import { route } from '../endpoint-route';

/** The signed-in person's passkeys, under auth/passkeys/, and proving one before a two-factor setting changes. */
export function passkeyRoutes(app: App) {
  const { db, config } = app.deps;
  const onRequest = app.authenticate;
  const limited = { onRequest, config: authRateLimit(app) };

  route(app, twoFactorEndpoints.passkeyOptions, async (request) => {
    const auth = authOf(request);
    await assertFreshProof({ db, config, auth, proof: request.body });
    return ok(await startPasskeyRegistration({ db, config, user: auth.user }));
  }, limited);

  route(app, twoFactorEndpoints.proofPasskeyOptions, async (request) =>
    ok(await startPasskeyProof({ db, config, user: authOf(request).user })), limited);

  route(app, twoFactorEndpoints.addPasskey, async (request, reply) => {
    const auth = authOf(request);
    const { user } = auth;
    const added = await addPasskey({
      db, config, user, credential: request.body.credential, name: request.body.name, client: clientInfoOf(request),
    });
    await app.deps.authCache.userChanged(user.id);
    // The first second factor (the one that brings recovery codes) turned two-factor sign-in on: sessions opened before stay without it.
    const other_sessions = added.recovery_codes ? await countOtherSessions({ db, auth }) : null;
    return reply.status(201).send(ok({ ...added, other_sessions }, 'Passkey added.'));
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

import { twoFactorSignInEndpoints } from '../../../lib/contract/two-factor';
import { passkeySignInOptions } from '../../domain/two-factor/passkey-sign-in-options';
import { pendingPasskeyOptions } from '../../domain/two-factor/pending-passkey-options';
import { signInWithPasskey } from '../../domain/two-factor/sign-in-with-passkey';
import { verifyTwoFactorSignIn } from '../../domain/two-factor/verify-two-factor-sign-in';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { authRateLimit } from '../auth/rate-limit';
import { route } from '../endpoint-route';

/**
 * Signing in with a second factor, or with a passkey alone. Public: the
 * pending sign-in's token (or the passkey's signature) is the credential.
 */
export function twoFactorSignInRoutes(app: App) {
  const { db, config, mailer } = app.deps;
  const limited = { config: authRateLimit(app) };

  route(app, twoFactorSignInEndpoints.verify, async (request) =>
    ok(await verifyTwoFactorSignIn({ db, config, mailer, body: request.body, client: clientInfoOf(request) })), limited);

  route(app, twoFactorSignInEndpoints.pendingPasskeyOptions, async (request) =>
    ok(await pendingPasskeyOptions({ db, config, token: request.body.token })), limited);

  route(app, twoFactorSignInEndpoints.passkeyOptions, async () => ok(await passkeySignInOptions({ db, config })), limited);

  route(app, twoFactorSignInEndpoints.passkeySignIn, async (request) => ok(await signInWithPasskey({
    db, config, mailer, credential: request.body.credential, client: clientInfoOf(request, request.body.visitor_id),
  })), limited);
}

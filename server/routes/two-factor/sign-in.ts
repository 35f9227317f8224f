import { dataEnvelope } from '../../../lib/contract/envelope';
import { tokenResponse } from '../../../lib/contract/auth';
import { passkeySignInBody, pendingSignInBody, verifyTwoFactorBody, webauthnOptions } from '../../../lib/contract/two-factor';
import { passkeySignInOptions } from '../../domain/two-factor/passkey-sign-in-options';
import { pendingPasskeyOptions } from '../../domain/two-factor/pending-passkey-options';
import { signInWithPasskey } from '../../domain/two-factor/sign-in-with-passkey';
import { verifyTwoFactorSignIn } from '../../domain/two-factor/verify-two-factor-sign-in';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { authRateLimit } from '../auth/rate-limit';
import { errorResponses } from '../auth/responses';

const tags = ['two-factor'];

/**
 * Signing in with a second factor, or with a passkey alone. Public: the
 * pending sign-in's token (or the passkey's signature) is the credential.
 */
export function twoFactorSignInRoutes(app: App) {
  const { db, config, mailer } = app.deps;

  app.post('/two-factor/verify/', {
    config: authRateLimit(app),
    schema: {
      tags, summary: 'The second step of a sign-in: an authenticator code, a recovery code or a passkey for the pending sign-in',
      body: verifyTwoFactorBody,
      response: { 200: dataEnvelope(tokenResponse), ...errorResponses(400, 401, 429) },
    },
  }, async (request) => ok(await verifyTwoFactorSignIn({ db, config, mailer, body: request.body, client: clientInfoOf(request) })));

  app.post('/two-factor/passkey/options/', {
    config: authRateLimit(app),
    schema: {
      tags, summary: "WebAuthn options for the pending sign-in's passkeys",
      body: pendingSignInBody,
      response: { 200: dataEnvelope(webauthnOptions), ...errorResponses(400, 401, 429) },
    },
  }, async (request) => ok(await pendingPasskeyOptions({ db, config, token: request.body.token })));

  app.post('/passkey/options/', {
    config: authRateLimit(app),
    schema: {
      tags, summary: 'WebAuthn options to sign in with a passkey alone (no account named)',
      response: { 200: dataEnvelope(webauthnOptions), ...errorResponses(429) },
    },
  }, async () => ok(await passkeySignInOptions({ db, config })));

  app.post('/passkey/verify/', {
    config: authRateLimit(app),
    schema: {
      tags, summary: 'Sign in with a passkey that verified the person: both factors in one',
      body: passkeySignInBody,
      response: { 200: dataEnvelope(tokenResponse), ...errorResponses(400, 401, 429) },
    },
  }, async (request) => ok(await signInWithPasskey({
    db, config, mailer, credential: request.body.credential, client: clientInfoOf(request, request.body.visitor_id),
  })));
}

import { z } from 'zod';
import { dataEnvelope } from '../../../lib/contract/envelope';
import {
  enableTotpBody, proofBody, recoveryCodesSchema, totpSetupSchema, twoFactorStatusSchema,
} from '../../../lib/contract/two-factor';
import { assertFreshProof } from '../../domain/two-factor/assert-fresh-proof';
import { beginTotpSetup } from '../../domain/two-factor/begin-totp-setup';
import { disableTotp } from '../../domain/two-factor/disable-totp';
import { enableTotp } from '../../domain/two-factor/enable-totp';
import { getTwoFactorStatus } from '../../domain/two-factor/get-two-factor-status';
import { regenerateRecoveryCodes } from '../../domain/two-factor/regenerate-recovery-codes';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { authRateLimit } from '../auth/rate-limit';
import { errorResponses, signedIn } from '../auth/responses';

const tags = ['two-factor'];

/** The signed-in person's authenticator app and recovery codes, under auth/two-factor/. */
export function totpRoutes(app: App) {
  const { db, config } = app.deps;
  // On request, so a caller who is not signed in learns nothing, not even how their input was invalid.
  const onRequest = app.authenticate;

  app.get('/two-factor/', {
    onRequest,
    schema: {
      tags, security: signedIn, summary: 'My second factors, what changing them asks for, and the hubs that require them',
      response: { 200: dataEnvelope(twoFactorStatusSchema), ...errorResponses(401) },
    },
  }, async (request) => ok(await getTwoFactorStatus({ db, user: authOf(request).user })));

  app.post('/two-factor/totp/setup/', {
    onRequest,
    config: authRateLimit(app),
    schema: {
      tags, security: signedIn,
      summary: 'Start adding an authenticator app (fresh proof): a new pending secret and its otpauth:// address',
      body: proofBody,
      response: { 200: dataEnvelope(totpSetupSchema), ...errorResponses(400, 401, 403, 409, 429) },
    },
  }, async (request) => {
    const auth = authOf(request);
    await assertFreshProof({ db, config, auth, proof: request.body });
    const setup = await beginTotpSetup({ db, config, user: auth.user });
    // The pending secret is on the user row that enabling reads.
    await app.deps.authCache.userChanged(auth.user.id);
    return ok(setup);
  });

  app.post('/two-factor/totp/enable/', {
    onRequest,
    config: authRateLimit(app),
    schema: {
      tags, security: signedIn, summary: 'Finish adding the authenticator app with a current code; answers the recovery codes, once',
      body: enableTotpBody,
      response: { 200: dataEnvelope(recoveryCodesSchema), ...errorResponses(400, 401, 409, 429) },
    },
  }, async (request) => {
    const { user } = authOf(request);
    const recovery_codes = await enableTotp({ db, config, user, code: request.body.code, client: clientInfoOf(request) });
    await app.deps.authCache.userChanged(user.id);
    return ok({ recovery_codes }, 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.');
  });

  app.post('/two-factor/totp/disable/', {
    onRequest,
    config: authRateLimit(app),
    schema: {
      tags, security: signedIn, summary: 'Turn the authenticator app off (fresh proof)',
      body: proofBody,
      response: { 200: dataEnvelope(z.null()), ...errorResponses(400, 401, 403, 409, 429) },
    },
  }, async (request) => {
    const auth = authOf(request);
    await assertFreshProof({ db, config, auth, proof: request.body });
    await disableTotp({ db, user: auth.user, client: clientInfoOf(request) });
    await app.deps.authCache.userChanged(auth.user.id);
    return ok(null, 'The authenticator app is turned off.');
  });

  app.post('/two-factor/recovery-codes/', {
    onRequest,
    config: authRateLimit(app),
    schema: {
      tags, security: signedIn, summary: 'Replace the recovery codes (fresh proof); answers the new ones, once',
      body: proofBody,
      response: { 200: dataEnvelope(recoveryCodesSchema), ...errorResponses(400, 401, 403, 409, 429) },
    },
  }, async (request) => {
    const auth = authOf(request);
    await assertFreshProof({ db, config, auth, proof: request.body });
    const recovery_codes = await regenerateRecoveryCodes({ db, user: auth.user, client: clientInfoOf(request) });
    return ok({ recovery_codes }, 'New recovery codes made. The old ones no longer work.');
  });
}

import { twoFactorEndpoints } from '../../../lib/contract/two-factor';
import { countOtherSessions } from '../../domain/sessions/count-other-sessions';
import { assertFreshProof } from '../../domain/two-factor/assert-fresh-proof';
import { beginTotpSetup } from '../../domain/two-factor/begin-totp-setup';
import { disableTotp } from '../../domain/two-factor/disable-totp';
import { enableTotp } from '../../domain/two-factor/enable-totp';
import { getTwoFactorStatus } from '../../domain/two-factor/get-two-factor-status';
import { hasTwoFactor } from '../../domain/two-factor/has-two-factor';
import { regenerateRecoveryCodes } from '../../domain/two-factor/regenerate-recovery-codes';
import { ok } from '../../lib/envelope';
import { authOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { authRateLimit } from '../auth/rate-limit';
import { route } from '../endpoint-route';

/** The signed-in person's authenticator app and recovery codes, under auth/two-factor/. */
export function totpRoutes(app: App) {
  const { db, config } = app.deps;
  // On request, so a caller who is not signed in learns nothing, not even how their input was invalid.
  const onRequest = app.authenticate;
  const limited = { onRequest, config: authRateLimit(app) };

  route(app, twoFactorEndpoints.status, async (request) => ok(await getTwoFactorStatus({ db, user: authOf(request).user })), { onRequest });

  route(app, twoFactorEndpoints.setupTotp, async (request) => {
    const auth = authOf(request);
    await assertFreshProof({ db, config, auth, proof: request.body });
    const setup = await beginTotpSetup({ db, config, user: auth.user });
    // The pending secret is on the user row that enabling reads.
    await app.deps.authCache.userChanged(auth.user.id);
    return ok(setup);
  }, limited);

  route(app, twoFactorEndpoints.enableTotp, async (request) => {
    const auth = authOf(request);
    const { user } = auth;
    const turnsOn = !(await hasTwoFactor({ db, user }));
    const recovery_codes = await enableTotp({ db, config, user, code: request.body.code, client: clientInfoOf(request) });
    await app.deps.authCache.userChanged(user.id);
    // Sessions opened before stay signed in without the second factor: the answer says how many, to offer ending them.
    const other_sessions = turnsOn ? await countOtherSessions({ db, auth }) : null;
    return ok({ recovery_codes, other_sessions }, 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.');
  }, limited);

  route(app, twoFactorEndpoints.disableTotp, async (request) => {
    const auth = authOf(request);
    await assertFreshProof({ db, config, auth, proof: request.body });
    await disableTotp({ db, user: auth.user, client: clientInfoOf(request) });
    await app.deps.authCache.userChanged(auth.user.id);
    return ok(null, 'The authenticator app is turned off.');
  }, limited);

  route(app, twoFactorEndpoints.regenerateRecoveryCodes, async (request) => {
    const auth = authOf(request);
    await assertFreshProof({ db, config, auth, proof: request.body });
    const recovery_codes = await regenerateRecoveryCodes({ db, user: auth.user, client: clientInfoOf(request) });
    return ok({ recovery_codes }, 'New recovery codes made. The old ones no longer work.');
  }, limited);
}

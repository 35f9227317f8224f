import type { HttpHandler } from 'msw';
import { hubEndpoints } from '@/lib/contract/hub-endpoints';
import {
  TWO_FACTOR_MAX_ATTEMPTS, twoFactorEndpoints, twoFactorSignInEndpoints, addPasskeyBody, enableTotpBody, hubTwoFactorPolicyBody, passkeySignInBody, pendingSignInBody, proofBody, renamePasskeyBody,
  verifyTwoFactorBody, type Passkey, type ProofBody, type TwoFactorStatus,
} from '@/lib/contract/two-factor';
import type { MockDb, MockUser } from '../state';
import { otherSessionTokens } from '../account-state';
import {
  MOCK_TOTP_CODE, hasMockTwoFactor, hubRequiresTwoFactor, mockSecondFactorMethods, secondFactorsOf, twoFactorData, type MockPasskey,
} from '../two-factor-state';
import { pathHub } from './hub-admin';
import { answer, authenticate, fail, fieldFail, notFound, ok, parseBody } from './respond';
import { errorMessages } from '@/lib/contract/error-messages';

const presentPasskey = (passkey: MockPasskey): Passkey => ({
  id: passkey.id, name: passkey.name, created_at: passkey.createdAt, last_used_at: passkey.lastUsedAt,
});

const PASSKEY = 'That passkey';
const signInExpired = () => fail(401, 'code_expired', errorMessages.signInExpired);

/** A made-up WebAuthn challenge; the mock does not check signatures. */
const options = (db: MockDb) => ({ challenge: db.newId().replace(/-/g, ''), rpId: 'localhost', timeout: 60000, userVerification: 'preferred' });

/**
 * Two-factor sign-in and passkeys, kept as state: the authenticator app
 * always shows MOCK_TOTP_CODE, every passkey the browser makes is accepted.
 */
export function twoFactorHandlers(db: MockDb): HttpHandler[] {
  const status = (user: MockUser): TwoFactorStatus => {
    const factors = secondFactorsOf(db, user.id);
    return {
      enabled: hasMockTwoFactor(db, user.id),
      totp: { enabled: Boolean(factors.totpEnabledAt), enabled_at: factors.totpEnabledAt },
      recovery_codes_left: factors.recoveryCodes.filter((c) => !c.used).length,
      passkeys: factors.passkeys.map(presentPasskey),
      proof: { password: Boolean(user.password), second_factor: mockSecondFactorMethods(db, user.id) },
      required_by: db.hubsOf(user.id)
        .filter((hub) => hubRequiresTwoFactor(db, hub.id))
        .map((hub) => ({ name: hub.name, domain_handle: hub.domain_handle })),
    };
  };

  /**
   * The fresh proof is not checked here (the API's rule, tested against it);
   * a recovery code given as one is used up, which is state.
   */
  const takeProof = (user: MockUser, proof: ProofBody) => {
    const given = proof.code?.replace(/[\s-]+/g, '').toLowerCase();
    const code = secondFactorsOf(db, user.id).recoveryCodes.find((c) => !c.used && c.code.replace('-', '') === given);
    if (code) code.used = true;
  };

  const newRecoveryCodes = (user: MockUser): string[] => {
    const codes = Array.from({ length: 10 }, () => {
      const hex = db.newId().replace(/-/g, '');
      return `${hex.slice(0, 4)}-${hex.slice(4, 8)}`;
    });
    secondFactorsOf(db, user.id).recoveryCodes = codes.map((code) => ({ code, used: false }));
    return codes;
  };

  const signedIn = (user: MockUser) => ok({ token: db.createSession(user.id), user: db.userView(user) });

  return [
    answer(twoFactorEndpoints.status, ({ request }) => {
      const auth = authenticate(db, request);
      return auth.ok ? ok(status(auth.user)) : auth.response;
    }),

    answer(twoFactorEndpoints.proofPasskeyOptions, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const allowCredentials = secondFactorsOf(db, auth.user.id).passkeys.map((p) => ({ id: p.credentialId, type: 'public-key' }));
      return ok({ ...options(db), allowCredentials });
    }),

    answer(twoFactorEndpoints.setupTotp, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, proofBody);
      if (!body.ok) return body.response;
      takeProof(auth.user, body.data);
      const factors = secondFactorsOf(db, auth.user.id);
      factors.totpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      const uri = `otpauth://totp/Convene:${encodeURIComponent(auth.user.email)}?secret=${factors.totpSecret}&issuer=Convene`;
      return ok({ secret: factors.totpSecret, uri });
    }),

    answer(twoFactorEndpoints.enableTotp, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, enableTotpBody);
      if (!body.ok) return body.response;
      const factors = secondFactorsOf(db, auth.user.id);
      if (!factors.totpSecret) return fail(409, 'conflict', errorMessages.totpSetupMissing);
      if (body.data.code !== MOCK_TOTP_CODE) return fieldFail(400, 'invalid_code', 'code', errorMessages.totpWrongCode);
      const turnsOn = !hasMockTwoFactor(db, auth.user.id);
      factors.totpEnabledAt = db.now();
      return ok({
        recovery_codes: newRecoveryCodes(auth.user),
        other_sessions: turnsOn ? otherSessionTokens(db, auth.user.id, auth.token).length : null,
      }, { message: 'Two-factor sign-in is on.' });
    }),

    answer(twoFactorEndpoints.disableTotp, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, proofBody);
      if (!body.ok) return body.response;
      takeProof(auth.user, body.data);
      const factors = secondFactorsOf(db, auth.user.id);
      Object.assign(factors, { totpSecret: null, totpEnabledAt: null });
      if (factors.passkeys.length === 0) factors.recoveryCodes = [];
      return ok(null, { message: 'The authenticator app is turned off.' });
    }),

    answer(twoFactorEndpoints.regenerateRecoveryCodes, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, proofBody);
      if (!body.ok) return body.response;
      takeProof(auth.user, body.data);
      return ok({ recovery_codes: newRecoveryCodes(auth.user) }, { message: 'New recovery codes made.' });
    }),

    answer(twoFactorEndpoints.passkeyOptions, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, proofBody);
      if (!body.ok) return body.response;
      takeProof(auth.user, body.data);
      return ok({
        ...options(db),
        rp: { name: 'Convene', id: 'localhost' },
        user: { id: auth.user.id, name: auth.user.email, displayName: auth.user.name },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      });
    }),

    answer(twoFactorEndpoints.addPasskey, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, addPasskeyBody);
      if (!body.ok) return body.response;
      const hadTwoFactor = hasMockTwoFactor(db, auth.user.id);
      const passkey: MockPasskey = {
        id: db.newId(), credentialId: body.data.credential.id, name: body.data.name ?? 'Passkey', createdAt: db.now(), lastUsedAt: null,
      };
      secondFactorsOf(db, auth.user.id).passkeys.push(passkey);
      const recoveryCodes = hadTwoFactor ? null : newRecoveryCodes(auth.user);
      const otherSessions = hadTwoFactor ? null : otherSessionTokens(db, auth.user.id, auth.token).length;
      return ok({ passkey: presentPasskey(passkey), recovery_codes: recoveryCodes, other_sessions: otherSessions }, { status: 201, message: 'Passkey added.' });
    }),

    answer(twoFactorEndpoints.renamePasskey, async ({ request, params }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, renamePasskeyBody);
      if (!body.ok) return body.response;
      const passkey = secondFactorsOf(db, auth.user.id).passkeys.find((p) => p.id === params.id);
      if (!passkey) return notFound(PASSKEY);
      passkey.name = body.data.name;
      return ok(presentPasskey(passkey), { message: 'Passkey renamed.' });
    }),

    answer(twoFactorEndpoints.removePasskey, async ({ request, params }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, proofBody);
      if (!body.ok) return body.response;
      takeProof(auth.user, body.data);
      const factors = secondFactorsOf(db, auth.user.id);
      const index = factors.passkeys.findIndex((p) => p.id === params.id);
      if (index < 0) return notFound(PASSKEY);
      factors.passkeys.splice(index, 1);
      if (!hasMockTwoFactor(db, auth.user.id)) factors.recoveryCodes = [];
      return ok(null, { message: 'Passkey removed.' });
    }),

    answer(twoFactorSignInEndpoints.verify, async ({ request }) => {
      const body = await parseBody(request, verifyTwoFactorBody);
      if (!body.ok) return body.response;
      const pending = twoFactorData(db).pending[body.data.token];
      const user = pending && db.userById(pending.userId);
      if (!pending || !user) return signInExpired();
      const proof = body.data;
      const recovery = proof.method === 'recovery_code'
        ? secondFactorsOf(db, user.id).recoveryCodes.find((c) => !c.used && c.code.replace('-', '') === proof.code)
        : undefined;
      const proved = proof.method === 'totp' ? proof.code === MOCK_TOTP_CODE : proof.method === 'passkey' || Boolean(recovery);
      if (!proved) {
        pending.attempts += 1;
        if (pending.attempts >= TWO_FACTOR_MAX_ATTEMPTS) {
          delete twoFactorData(db).pending[body.data.token];
          return fail(401, 'code_exhausted', errorMessages.secondFactorExhausted);
        }
        return fieldFail(400, 'invalid_code', 'code', errorMessages.secondFactorRefused(proof.method, TWO_FACTOR_MAX_ATTEMPTS - pending.attempts));
      }
      if (recovery) recovery.used = true;
      delete twoFactorData(db).pending[body.data.token];
      return signedIn(user);
    }),

    answer(twoFactorSignInEndpoints.pendingPasskeyOptions, async ({ request }) => {
      const body = await parseBody(request, pendingSignInBody);
      if (!body.ok) return body.response;
      const pending = twoFactorData(db).pending[body.data.token];
      if (!pending) return signInExpired();
      const allowCredentials = secondFactorsOf(db, pending.userId).passkeys.map((p) => ({ id: p.credentialId, type: 'public-key' }));
      return ok({ ...options(db), allowCredentials });
    }),

    answer(twoFactorSignInEndpoints.passkeyOptions, () => ok({ ...options(db), userVerification: 'required' })),

    answer(twoFactorSignInEndpoints.passkeySignIn, async ({ request }) => {
      const body = await parseBody(request, passkeySignInBody);
      if (!body.ok) return body.response;
      const owner = Object.entries(twoFactorData(db).accounts)
        .find(([, factors]) => factors.passkeys.some((p) => p.credentialId === body.data.credential.id))?.[0];
      const user = owner ? db.userById(owner) : undefined;
      if (!user) return fail(401, 'invalid_credentials', errorMessages.passkeyNotAccepted);
      return signedIn(user);
    }),

    answer(hubEndpoints.twoFactorPolicy, ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      return ok(policyOf(hub.organization.id, hub.user.id));
    }),

    answer(hubEndpoints.setTwoFactorPolicy, async ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const body = await parseBody(request, hubTwoFactorPolicyBody);
      if (!body.ok) return body.response;
      const data = twoFactorData(db);
      data.requiredHubs = data.requiredHubs.filter((id) => id !== hub.organization.id);
      if (body.data.required) data.requiredHubs.push(hub.organization.id);
      return ok(policyOf(hub.organization.id, hub.user.id));
    }),
  ];

  function policyOf(hubId: string, userId: string) {
    const members = db.data.memberships.filter((m) => m.hubId === hubId);
    return {
      required: hubRequiresTwoFactor(db, hubId),
      members_without_two_factor: members.filter((m) => !hasMockTwoFactor(db, m.userId)).length,
      you_have_two_factor: hasMockTwoFactor(db, userId),
    };
  }
}

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenResponse, twoFactorChallenge, userSchema } from '@/lib/contract/auth';
import { dataEnvelope, listEnvelope } from '@/lib/contract/envelope';
import { memberSchema } from '@/lib/contract/members';
import {
  addedPasskeySchema, enabledTotpSchema, hubTwoFactorPolicySchema, passkeySchema, recoveryCodesSchema, totpSetupSchema, twoFactorStatusSchema,
  webauthnOptions, type RegistrationCredential,
} from '@/lib/contract/two-factor';
import { authApi } from '@/client/http/api';
import { setAuthToken } from '@/client/http/clients';
import { memberApi } from '@/client/http/hub-admin-api';
import { hubTwoFactorApi, twoFactorApi, twoFactorSignInApi } from '@/client/http/two-factor-api';
import { mockDb } from '@/mocks/node';
import { MOCK_DEMO_ACCOUNT, MOCK_DEMO_HUB } from '@/mocks/state';
import { MOCK_TOTP_CODE } from '@/mocks/two-factor-state';
import { as, failure, follows } from '@/tests/infrastructure/mock-contract';
import { setupMockServer } from '@/tests/infrastructure/msw';

setupMockServer();
beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  setAuthToken(null);
});

const password = MOCK_DEMO_ACCOUNT.password;
const credential: RegistrationCredential = {
  id: 'cred-1', rawId: 'cred-1', type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {},
};

describe('the mock two-factor endpoints follow the contract', () => {
  it('status, authenticator app set-up, recovery codes and turning it off', async () => {
    as();
    follows(dataEnvelope(twoFactorStatusSchema), await twoFactorApi.status());
    // The fresh proof is the API's rule (server/routes/two-factor/fresh-proof.test.ts): the mock takes any.
    follows(dataEnvelope(totpSetupSchema), await twoFactorApi.setupTotp({ password }));
    expect(await failure(twoFactorApi.enableTotp('000000'))).toMatchObject({ status: 400, code: 'invalid_code' });
    const enabled = follows(dataEnvelope(enabledTotpSchema), await twoFactorApi.enableTotp(MOCK_TOTP_CODE));
    expect(enabled.data.recovery_codes).toHaveLength(10);
    // The demo account is signed in on other browsers too, which turning it on counts.
    expect(enabled.data.other_sessions).toBeGreaterThan(0);
    follows(dataEnvelope(twoFactorStatusSchema), await twoFactorApi.status());
    follows(dataEnvelope(recoveryCodesSchema), await twoFactorApi.regenerateRecoveryCodes({ password, code: MOCK_TOTP_CODE }));
    follows(dataEnvelope(userSchema), await authApi.me());
    follows(dataEnvelope(twoFactorStatusSchema), await twoFactorApi.disableTotp({ password, code: MOCK_TOTP_CODE }).then(() => twoFactorApi.status()));
  });

  it('passkeys: options, add, rename, remove', async () => {
    as();
    follows(dataEnvelope(webauthnOptions), await twoFactorApi.passkeyOptions({ password }));
    const added = follows(dataEnvelope(addedPasskeySchema), await twoFactorApi.addPasskey(credential, 'Laptop'));
    follows(dataEnvelope(passkeySchema), await twoFactorApi.renamePasskey(added.data.passkey.id, 'Desk'));
    expect(await failure(twoFactorApi.renamePasskey('nope', 'Desk'))).toMatchObject({ status: 404, code: 'not_found' });
    follows(dataEnvelope(webauthnOptions), await twoFactorApi.proofPasskeyOptions());
    const assertion = { ...credential, response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } };
    await twoFactorApi.removePasskey(added.data.passkey.id, { password, passkey: assertion });
  });

  it('the second step of a sign-in, and a passkey alone', async () => {
    as();
    await twoFactorApi.setupTotp({ password });
    await twoFactorApi.enableTotp(MOCK_TOTP_CODE);
    await twoFactorApi.addPasskey(credential);
    setAuthToken(null);
    const login = await authApi.login({ email: MOCK_DEMO_ACCOUNT.email, password });
    const { two_factor } = follows(dataEnvelope(twoFactorChallenge), login).data;
    expect(two_factor.methods).toEqual(['totp', 'passkey', 'recovery_code']);
    follows(dataEnvelope(webauthnOptions), await twoFactorSignInApi.pendingPasskeyOptions(two_factor.token));
    expect(await failure(twoFactorSignInApi.verify({ token: two_factor.token, method: 'totp', code: '000000' })))
      .toMatchObject({ status: 400, code: 'invalid_code' });
    follows(dataEnvelope(tokenResponse), await twoFactorSignInApi.verify({ token: two_factor.token, method: 'totp', code: MOCK_TOTP_CODE }));
    expect(await failure(twoFactorSignInApi.verify({ token: two_factor.token, method: 'totp', code: MOCK_TOTP_CODE })))
      .toMatchObject({ status: 401, code: 'code_expired' });

    follows(dataEnvelope(webauthnOptions), await twoFactorSignInApi.passkeyOptions());
    const assertion = { ...credential, response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } };
    follows(dataEnvelope(tokenResponse), await twoFactorSignInApi.passkeySignIn(assertion));
    expect(await failure(twoFactorSignInApi.passkeySignIn({ ...assertion, id: 'unknown' }))).toMatchObject({ status: 401 });
  });

  it('the hub requirement, and the members list as its owner sees it', async () => {
    as();
    follows(dataEnvelope(hubTwoFactorPolicySchema), await hubTwoFactorApi.get(MOCK_DEMO_HUB.domainHandle));
    await twoFactorApi.setupTotp({ password });
    await twoFactorApi.enableTotp(MOCK_TOTP_CODE);
    const policy = follows(dataEnvelope(hubTwoFactorPolicySchema), await hubTwoFactorApi.set(MOCK_DEMO_HUB.domainHandle, true));
    expect(policy.data).toEqual({ required: true, members_without_two_factor: 0, you_have_two_factor: true });
    const members = follows(listEnvelope(memberSchema), await memberApi.list(MOCK_DEMO_HUB.domainHandle, 1));
    expect(members.data.map((m) => m.two_factor)).toEqual([true]);
    expect(mockDb.data.twoFactor?.requiredHubs).toHaveLength(1);
  });
});

import { eq } from 'drizzle-orm';
import { generateSecret, generateSync } from 'otplib';
import { passkeys, users } from '../../db/schema';
import { sealTotpSecret } from '../../domain/two-factor/totp-secret';
import type { RegistrationCredential, WebauthnOptions } from '../../../lib/contract/two-factor';
import { STRONG_PASSWORD, type TestServer } from '../harness';
import { createPasskey } from '../webauthn-authenticator';
import type { Actor, HubFixture } from './world';
import type { MatrixCase } from './cases';

/*
 * The two-factor routes in the isolation matrix (see cases.ts). Account
 * routes act on the caller's own second factors, so each valid request is
 * made by hub A's viewer, whom `prepare` gives what the request needs.
 */

/** Public two-factor routes, each with why it may be called without a session. */
export const twoFactorPublicRoutes: Record<string, string> = {
  'POST auth/two-factor/verify/': "the second step of a sign-in: the pending sign-in's single-use, five-minute token is the credential",
  'POST auth/two-factor/passkey/options/': "a passkey challenge for a pending sign-in: its token is the credential",
  'POST auth/passkey/options/': 'a challenge to sign in with a passkey; names no account and holds no data',
  'POST auth/passkey/verify/': "sign-in with a passkey: its signature over one of our challenges is the credential",
};

/** What each world's `prepare` made for the request, by hub id. */
const secrets = new Map<string, string>();
const credentials = new Map<string, RegistrationCredential>();
const passkeyIds = new Map<string, string>();

/** Gives `who` an authenticator app: pending (a secret only) or enabled. */
async function giveTotp(server: TestServer, who: Actor, enabled: boolean): Promise<string> {
  const secret = generateSecret();
  await server.db
    .update(users)
    .set({ totpSecret: sealTotpSecret(server.config, secret), totpEnabledAt: enabled ? new Date() : null })
    .where(eq(users.id, who.id));
  return secret;
}

async function givePasskey(server: TestServer, hub: HubFixture): Promise<void> {
  const [row] = await server.db
    .insert(passkeys)
    .values({ userId: hub.viewer.id, credentialId: `isolation-${hub.id}`, publicKey: 'AA', name: 'Isolation key' })
    .returning({ id: passkeys.id });
  passkeyIds.set(hub.id, row!.id);
}

const proof = { password: STRONG_PASSWORD };
/** The proof of hub A's viewer once they have the authenticator app `prepare` gave them: the password and its current code. */
const proofWithCode = (hubId: string) => ({ ...proof, code: generateSync({ secret: secrets.get(hubId)! }) });
/** Gives hub A's viewer an enabled authenticator app whose secret the request reads. */
const giveEnabledTotp = async (server: TestServer, hub: HubFixture) => { secrets.set(hub.id, await giveTotp(server, hub.viewer, true)); };

export const twoFactorMatrixCases: MatrixCase[] = [
  { route: 'GET auth/two-factor/', scope: 'account', request: () => ({ path: 'auth/two-factor/' }) },
  { route: 'POST auth/two-factor/totp/setup/', scope: 'account', request: () => ({ path: 'auth/two-factor/totp/setup/', body: proof }) },
  {
    route: 'POST auth/two-factor/totp/enable/', scope: 'account',
    prepare: async (server, hub) => { secrets.set(hub.id, await giveTotp(server, hub.viewer, false)); },
    request: (t) => ({ path: 'auth/two-factor/totp/enable/', body: { code: generateSync({ secret: secrets.get(t.hub.id)! }) } }),
  },
  {
    route: 'POST auth/two-factor/totp/disable/', scope: 'account', prepare: giveEnabledTotp,
    request: (t) => ({ path: 'auth/two-factor/totp/disable/', body: proofWithCode(t.hub.id) }),
  },
  {
    route: 'POST auth/two-factor/recovery-codes/', scope: 'account', prepare: giveEnabledTotp,
    request: (t) => ({ path: 'auth/two-factor/recovery-codes/', body: proofWithCode(t.hub.id) }),
  },
  {
    route: 'POST auth/two-factor/proof/passkey/options/', scope: 'account', prepare: givePasskey,
    request: () => ({ path: 'auth/two-factor/proof/passkey/options/', body: {} }),
  },
  { route: 'POST auth/passkeys/options/', scope: 'account', request: () => ({ path: 'auth/passkeys/options/', body: proof }) },
  {
    route: 'POST auth/passkeys/', scope: 'account',
    prepare: async (server, hub) => {
      const options = await server.post<{ data: WebauthnOptions }>('auth/passkeys/options/', proof, { token: hub.viewer.token });
      const { webauthn } = server.config;
      credentials.set(hub.id, createPasskey(options.body.data, { origin: webauthn.origin, rpId: webauthn.rpId }).credential);
    },
    request: (t) => ({ path: 'auth/passkeys/', body: { credential: credentials.get(t.hub.id) } }),
  },
  {
    route: 'PATCH auth/passkeys/:id/', scope: 'account', prepare: givePasskey,
    request: (t) => ({ path: `auth/passkeys/${passkeyIds.get(t.hub.id)}/`, body: { name: 'Renamed key' } }),
  },
  {
    // The passkey `prepare` inserts cannot sign, so the second factor proved is an authenticator app beside it.
    route: 'DELETE auth/passkeys/:id/', scope: 'account',
    prepare: async (server, hub) => {
      await givePasskey(server, hub);
      await giveEnabledTotp(server, hub);
    },
    request: (t) => ({ path: `auth/passkeys/${passkeyIds.get(t.hub.id)}/`, body: proofWithCode(t.hub.id) }),
  },

  // Hub A's requirement: its owner reads and changes it (and must have two-factor to require it).
  { route: 'GET organizations/:handle/two-factor/', scope: 'hub', minimum: 'owner', request: (t) => ({ path: `organizations/${t.hub.handle}/two-factor/` }) },
  {
    route: 'PUT organizations/:handle/two-factor/', scope: 'hub', minimum: 'owner',
    prepare: async (server, hub) => { await giveTotp(server, hub.owner, true); },
    request: (t) => ({ path: `organizations/${t.hub.handle}/two-factor/`, body: { required: true } }),
  },
];

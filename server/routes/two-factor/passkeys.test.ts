import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../../lib/contract/auth';
import type { AddedPasskey, Passkey, TwoFactorStatus, WebauthnOptions } from '../../../lib/contract/two-factor';
import { auditEvents, passkeys, users } from '../../db/schema';
import { createUser } from '../../test/fixtures';
import { STRONG_PASSWORD, startTestServer, type TestServer } from '../../test/harness';
import { createPasskey, signWithPasskey } from '../../test/webauthn-authenticator';
import {
  addPasskey, ceremonyOf, enableTotp, passkeyProof, passkeySettingsProof, startSignIn, totpCode, type Data,
} from './two-factor-test-kit';

/*
 * Passkeys end to end against a software authenticator (server/test/
 * webauthn-authenticator.ts): real key pairs, real signatures, so every
 * check @simplewebauthn/server makes runs as it would for a browser.
 */

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const status = async (token: string) => (await server.get<Data<TwoFactorStatus>>('auth/two-factor/', { token })).body.data;
const verify = (body: Record<string, unknown>) => server.post<Data<TokenResponse>>('auth/two-factor/verify/', body);
const signInOptions = async () => (await server.post<Data<WebauthnOptions>>('auth/passkey/options/', {})).body.data;

describe('adding passkeys', () => {
  it('registers a discoverable passkey named after the browser; the first one brings recovery codes', async () => {
    const { user, token } = await createUser(server, { name: 'Ada Passkey' });
    const options = await server.post<Data<WebauthnOptions & {
      rp: { id: string }; user: { name: string; displayName: string }; authenticatorSelection: { residentKey: string };
    }>>('auth/passkeys/options/', { password: STRONG_PASSWORD }, {
      token, headers: { 'User-Agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
    });
    expect(options.status).toBe(200);
    expect(options.body.data).toMatchObject({
      rp: { id: server.config.webauthn.rpId }, user: { name: user.email, displayName: 'Ada Passkey' },
      authenticatorSelection: { residentKey: 'required' },
    });
    const { credential, passkey: first } = createPasskey(options.body.data, ceremonyOf(server));
    const added = await server.post<Data<AddedPasskey>>('auth/passkeys/', { credential }, {
      token, headers: { 'User-Agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
    });
    expect(added.status).toBe(201);
    expect(added.body.data.passkey).toMatchObject({ name: 'Chrome 131 on macOS', last_used_at: null });
    expect(added.body.data.recovery_codes).toHaveLength(10);
    // It turned two-factor sign-in on: the answer counts the other sessions (none here) to offer signing them out.
    expect(added.body.data.other_sessions).toBe(0);
    expect(await status(token)).toMatchObject({ enabled: true, totp: { enabled: false }, recovery_codes_left: 10, passkeys: [{ name: 'Chrome 131 on macOS' }] });

    // A second passkey is just a passkey; the challenge of the first cannot be used again.
    const replayed = await server.post('auth/passkeys/', { credential }, { token });
    expect(replayed.status).toBe(400);
    // Adding another now asks for the first as well as the password.
    const proof = { password: STRONG_PASSWORD, passkey: await passkeySettingsProof(server, token, first) };
    const second = await addPasskey(server, token, { name: 'Security key', proof });
    expect(second.added).toMatchObject({ passkey: { name: 'Security key' }, recovery_codes: null, other_sessions: null });
    expect((await status(token)).passkeys.map((p) => p.name)).toEqual(['Chrome 131 on macOS', 'Security key']);
    const events = await server.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, user.id), eq(auditEvents.type, 'passkey_added')));
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ actorId: user.id, data: { passkey: { name: 'Security key' } } });
  });

  it('refuses a passkey made for another site, or answering another person\'s challenge', async () => {
    const { token } = await createUser(server);
    const options = await server.post<Data<WebauthnOptions>>('auth/passkeys/options/', { password: STRONG_PASSWORD }, { token });
    const phished = createPasskey(options.body.data, { origin: 'https://convene.evil.test', rpId: server.config.webauthn.rpId });
    expect((await server.post('auth/passkeys/', { credential: phished.credential }, { token })).status).toBe(400);
    const otherRp = createPasskey(options.body.data, { origin: server.config.webauthn.origin, rpId: 'evil.test' });
    expect((await server.post('auth/passkeys/', { credential: otherRp.credential }, { token })).status).toBe(400);

    const someoneElse = await createUser(server);
    const theirs = await server.post<Data<WebauthnOptions>>('auth/passkeys/options/', { password: STRONG_PASSWORD }, { token: someoneElse.token });
    const crossed = createPasskey(theirs.body.data, ceremonyOf(server));
    expect((await server.post('auth/passkeys/', { credential: crossed.credential }, { token })).status).toBe(400);
    expect((await status(token)).passkeys).toEqual([]);
  });

  it('needs a fresh proof to start', async () => {
    const { token } = await createUser(server);
    expect((await server.post('auth/passkeys/options/', {}, { token })).status).toBe(400);
    expect((await server.post('auth/passkeys/options/', { password: 'Wr0ng!Password' }, { token })).status).toBe(400);
  });
});

describe('renaming and removing', () => {
  it('renames and removes only one\'s own passkeys; another person\'s answers 404 like a missing one', async () => {
    const owner = await createUser(server);
    const { added, passkey } = await addPasskey(server, owner.token);
    const id = added.passkey.id;
    const stranger = await createUser(server);

    const renamed = await server.patch<Data<Passkey>>(`auth/passkeys/${id}/`, { name: '  Work laptop  ' }, { token: owner.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Work laptop');
    for (const path of [`auth/passkeys/${id}/`, 'auth/passkeys/0b5b6f9e-3f38-4f6c-9d55-5f8a3c8f0e11/', 'auth/passkeys/not-an-id/']) {
      const rename = await server.patch(path, { name: 'Mine now' }, { token: stranger.token });
      const remove = await server.request('DELETE', path, { token: stranger.token, body: { password: STRONG_PASSWORD } });
      expect({ path, rename: rename.status, remove: remove.status }).toEqual({ path, rename: 404, remove: 404 });
      expect(rename.body).toEqual({ message: 'That passkey was not found.', code: 'not_found' });
    }
    expect((await status(owner.token)).passkeys[0]!.name).toBe('Work laptop');

    expect((await server.request('DELETE', `auth/passkeys/${id}/`, { token: owner.token, body: {} })).status).toBe(400);
    const proof = { password: STRONG_PASSWORD, passkey: await passkeySettingsProof(server, owner.token, passkey) };
    const removed = await server.request('DELETE', `auth/passkeys/${id}/`, { token: owner.token, body: proof });
    expect(removed.status).toBe(200);
    // The last second factor gone: the recovery codes go with it.
    expect(await status(owner.token)).toMatchObject({ enabled: false, passkeys: [], recovery_codes_left: 0 });
    const events = await server.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, owner.user.id), eq(auditEvents.type, 'passkey_removed')));
    expect(events).toEqual([expect.objectContaining({ data: { passkey: { id, name: 'Work laptop' } } })]);
  });
});

describe('a passkey as the second factor', () => {
  it('completes a password sign-in; a signature replayed or from another passkey is refused', async () => {
    const { user, email, token } = await createUser(server);
    const { passkey } = await addPasskey(server, token);
    const pending = await startSignIn(server, email);
    expect(pending.methods).toEqual(['passkey', 'recovery_code']);

    // Signed by a passkey the person never registered.
    const options = await server.post<Data<WebauthnOptions & { allowCredentials: Array<{ id: string }> }>>(
      'auth/two-factor/passkey/options/', { token: pending.token },
    );
    expect(options.body.data.allowCredentials.map((c) => c.id)).toEqual([passkey.id]);
    const stranger = createPasskey({ challenge: 'x' }, ceremonyOf(server)).passkey;
    const forged = signWithPasskey({ ...stranger, id: passkey.id }, options.body.data, ceremonyOf(server));
    const refused = await verify({ token: pending.token, method: 'passkey', credential: forged });
    expect(refused.status).toBe(400);

    const credential = await passkeyProof(server, pending.token, passkey);
    const res = await verify({ token: pending.token, method: 'passkey', credential });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(user.id);
    const [stored] = await server.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(stored!.lastUsedAt).not.toBeNull();
    expect(stored!.counter).toBe(passkey.counter);

    // The same signed answer, sent again for a new sign-in, names a used challenge.
    const next = await startSignIn(server, email);
    expect((await verify({ token: next.token, method: 'passkey', credential })).status).toBe(400);
  });
});

describe('signing in with a passkey alone', () => {
  it('signs in without a password when the authenticator verified the person', async () => {
    const { user, token } = await createUser(server);
    const { passkey } = await addPasskey(server, token);
    const options = await signInOptions();
    expect(options).toMatchObject({ userVerification: 'required' });
    expect(options).not.toHaveProperty('allowCredentials');
    const res = await server.post<Data<TokenResponse>>('auth/passkey/verify/', {
      credential: signWithPasskey(passkey, options, ceremonyOf(server)), visitor_id: 'passkey-browser',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(user.id);
    expect((await server.get('auth/me/', { token: res.body.data.token })).status).toBe(200);
    const signIns = await server.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, user.id), eq(auditEvents.type, 'sign_in')));
    expect(signIns.at(-1)?.data).toMatchObject({ method: 'passkey' });
  });

  it('refuses an authenticator that did not verify the person, a replayed answer, a counter that went back, and a wrong origin', async () => {
    const { token } = await createUser(server);
    const { passkey } = await addPasskey(server, token);

    const unverified = signWithPasskey(passkey, await signInOptions(), ceremonyOf(server, { userVerified: false }));
    const noUv = await server.post('auth/passkey/verify/', { credential: unverified });
    expect(noUv.status).toBe(401);
    expect(noUv.body).toMatchObject({ code: 'invalid_credentials' });

    const good = signWithPasskey(passkey, await signInOptions(), ceremonyOf(server));
    expect((await server.post('auth/passkey/verify/', { credential: good })).status).toBe(200);
    expect((await server.post('auth/passkey/verify/', { credential: good })).status).toBe(401);

    // A cloned authenticator: its counter is behind the one the server saw.
    const clone = { ...passkey, counter: 0 };
    expect((await server.post('auth/passkey/verify/', { credential: signWithPasskey(clone, await signInOptions(), ceremonyOf(server)) })).status).toBe(401);

    const phished = signWithPasskey(passkey, await signInOptions(), { ...ceremonyOf(server), origin: 'https://convene.evil.test' });
    expect((await server.post('auth/passkey/verify/', { credential: phished })).status).toBe(401);
  });

  it('refuses a passkey whose account has been deleted or whose user handle names someone else', async () => {
    const first = await createUser(server);
    const { passkey } = await addPasskey(server, first.token);
    const second = await createUser(server);
    const lying = signWithPasskey({ ...passkey, userHandle: Buffer.from(second.user.id).toString('base64url') }, await signInOptions(), ceremonyOf(server));
    expect((await server.post('auth/passkey/verify/', { credential: lying })).status).toBe(401);

    await server.db.delete(users).where(eq(users.id, first.user.id));
    const orphan = signWithPasskey(passkey, await signInOptions(), ceremonyOf(server));
    expect((await server.post('auth/passkey/verify/', { credential: orphan })).status).toBe(401);
  });
});

describe('a person with both an app and a passkey', () => {
  it('is offered both in the second step, and removing the passkey (with a recovery code) keeps the others', async () => {
    const { email, token } = await createUser(server);
    const { secret, recoveryCodes } = await enableTotp(server, token);
    const { added } = await addPasskey(server, token, { proof: { password: STRONG_PASSWORD, code: totpCode(secret, 1) } });
    expect(added).toMatchObject({ recovery_codes: null, other_sessions: null });
    expect((await startSignIn(server, email)).methods).toEqual(['totp', 'passkey', 'recovery_code']);
    const removed = await server.request('DELETE', `auth/passkeys/${added.passkey.id}/`, {
      token, body: { password: STRONG_PASSWORD, code: recoveryCodes[0] },
    });
    expect(removed.status).toBe(200);
    expect(await status(token)).toMatchObject({ enabled: true, recovery_codes_left: 9 });
  });
});

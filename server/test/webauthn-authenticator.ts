import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationCredential, RegistrationCredential } from '../../lib/contract/two-factor';

/*
 * A software authenticator for the API tests: it makes and uses passkeys
 * the way a browser and a platform authenticator would (ES256 keys, "none"
 * attestation, CBOR-encoded authenticator data), so the server's WebAuthn
 * checks run for real, signatures included.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** The public key as a COSE_Key map (EC2, ES256, P-256). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]));
}

export interface SoftPasskey {
  /** base64url credential id. */
  id: string;
  /** The user handle the server gave at registration (base64url). */
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

export interface CeremonyOptions {
  /** The origin the "browser" reports; the server's expected one unless a test lies. */
  origin: string;
  rpId: string;
  /** Whether the authenticator verified the person (PIN, fingerprint). */
  userVerified?: boolean;
}

/** navigator.credentials.create() with a fresh key pair, for the options the server gave. */
export function createPasskey(
  options: { challenge: string; user?: unknown },
  ceremony: CeremonyOptions,
): { credential: RegistrationCredential; passkey: SoftPasskey } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(32);
  const clientDataJSON = Buffer.from(JSON.stringify({
    type: 'webauthn.create', challenge: options.challenge, origin: ceremony.origin, crossOrigin: false,
  }));
  const flags = USER_PRESENT | ATTESTED_CREDENTIAL | (ceremony.userVerified === false ? 0 : USER_VERIFIED);
  const lengthBytes = Buffer.alloc(2);
  lengthBytes.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(ceremony.rpId), Buffer.from([flags]), counterBytes(0),
    Buffer.alloc(16), lengthBytes, credentialId, Buffer.from(coseKey(publicKey)),
  ]);
  const noStatement = new Map<string, string>();
  const attestationObject = isoCBOR.encode(new Map<string, string | Uint8Array | Map<string, string>>([
    ['fmt', 'none'], ['attStmt', noStatement], ['authData', authData],
  ]));
  const user = options.user as { id?: string } | undefined;
  return {
    credential: {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    },
    passkey: { id: b64url(credentialId), userHandle: user?.id ?? '', privateKey, publicKey, counter: 0 },
  };
}

/** navigator.credentials.get() with `passkey`, signing the server's challenge; the counter moves on. */
export function signWithPasskey(passkey: SoftPasskey, options: { challenge: string }, ceremony: CeremonyOptions): AuthenticationCredential {
  passkey.counter += 1;
  const clientDataJSON = Buffer.from(JSON.stringify({
    type: 'webauthn.get', challenge: options.challenge, origin: ceremony.origin, crossOrigin: false,
  }));
  const flags = USER_PRESENT | (ceremony.userVerified === false ? 0 : USER_VERIFIED);
  const authData = Buffer.concat([sha256(ceremony.rpId), Buffer.from([flags]), counterBytes(passkey.counter)]);
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle || undefined,
    },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
  };
}

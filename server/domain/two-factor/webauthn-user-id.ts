import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';

/**
 * The WebAuthn user handle of a person: their id as bytes. Passkeys keep it
 * and hand it back on sign-in, where it must name the passkey's owner.
 */
export const webauthnUserId = (userId: string) => isoUint8Array.fromUTF8String(userId);

export const webauthnUserHandle = (userId: string) => isoBase64URL.fromBuffer(webauthnUserId(userId));

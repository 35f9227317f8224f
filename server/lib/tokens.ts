import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'convene';
const AUDIENCE = 'convene-web';

export interface SessionClaims {
  sessionId: string;
  userId: string;
}

/** Signs the session JWT: HS256 only, the session id as `sid`, the user as `sub`. */
export function signSessionToken(claims: SessionClaims, secret: Uint8Array, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Returns the claims, or null for anything forged, expired, malformed or not
 * HS256. Ids must be UUIDs: anything else would make the session lookup fail
 * in the database instead of answering 401.
 */
export async function verifySessionToken(token: string, secret: Uint8Array): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      // A token without an expiry must never be accepted, whoever signed it.
      requiredClaims: ['exp', 'iat', 'sid', 'sub'],
    });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
    if (!UUID.test(payload.sid) || !UUID.test(payload.sub)) return null;
    return { sessionId: payload.sid, userId: payload.sub };
  } catch {
    return null;
  }
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');
export const randomDigits = (length = 6) =>
  Array.from({ length }, () => randomInt(0, 10)).join('');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

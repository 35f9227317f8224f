import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FileVariant } from '../../../lib/contract/contents';

/**
 * Signed file addresses. An <img> or <video> cannot send the Authorization
 * header, so file URLs carry an HMAC over the item, the variant, an expiry
 * and the caller's session: the file route checks the session is still live
 * and its user may still read the space, so signing out ends every link.
 */
export interface FileSignatureClaims {
  contentId: string;
  variant: FileVariant | `attachment-${number}`;
  sessionId: string;
  /** Unix seconds. */
  expires: number;
}

function signatureOf(secret: Uint8Array, claims: FileSignatureClaims): string {
  return createHmac('sha256', secret)
    .update(`convene-file\n${claims.contentId}\n${claims.variant}\n${claims.sessionId}\n${claims.expires}`)
    .digest('base64url');
}

/**
 * An expiry between `ttl` and 1.5 × `ttl` from now, on a fixed grid, so the
 * same file gets the same address for a while and browsers can cache it.
 */
export function fileUrlExpiry(ttlSeconds: number, nowMs = Date.now()): number {
  const step = Math.max(1, Math.floor(ttlSeconds / 2));
  return (Math.floor(nowMs / 1000 / step) + 3) * step;
}

/** `/api/v1/files/<id>/<variant>/?expires&session&signature[&download=1]` */
export function signedFilePath(secret: Uint8Array, claims: FileSignatureClaims, opts: { download?: boolean } = {}): string {
  const variantPath = claims.variant.startsWith('attachment-') ? `attachments/${claims.variant.slice('attachment-'.length)}` : claims.variant;
  const query = new URLSearchParams({
    expires: String(claims.expires),
    session: claims.sessionId,
    signature: signatureOf(secret, claims),
  });
  if (opts.download) query.set('download', '1');
  return `/api/v1/files/${claims.contentId}/${variantPath}/?${query.toString()}`;
}

/** True when the signature matches the claims and has not expired. */
export function verifyFileSignature(secret: Uint8Array, claims: FileSignatureClaims, signature: string, nowMs = Date.now()): boolean {
  if (!Number.isSafeInteger(claims.expires) || claims.expires * 1000 < nowMs) return false;
  const expected = Buffer.from(signatureOf(secret, claims));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

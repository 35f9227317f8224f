import { isInlineSafe } from '../contents/content-view';
import { contentDisposition } from './content-disposition';
import type { SignedFile } from './open-signed-file';

// A type is only ever copied from what the server stored; anything odd is sent as bytes.
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

/**
 * The headers a stored file is answered with. Whatever the file holds, the
 * browser may neither guess another type (nosniff) nor run anything in it
 * (a sandbox with nothing allowed), and only types a browser shows safely
 * by itself are shown inline; everything else (HTML, SVG, scripts…) is a
 * download. Caches are private and never outlive the signed address.
 */
export function fileResponseHeaders(file: SignedFile, opts: { download: boolean; nowMs?: number }): Record<string, string> {
  const mimeType = MIME_TYPE.test(file.mimeType) ? file.mimeType : 'application/octet-stream';
  const inline = isInlineSafe(mimeType) && !opts.download;
  const maxAge = Math.max(0, file.expires - Math.floor((opts.nowMs ?? Date.now()) / 1000));
  return {
    'Content-Type': mimeType,
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', file.fileName),
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': `private, max-age=${maxAge}`,
    'Accept-Ranges': 'bytes',
  };
}

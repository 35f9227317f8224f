import type { FastifyRequest } from 'fastify';

/** Query parameters that are credentials: file signatures, session ids, tokens. */
const SECRET_PARAMS = new Set(['signature', 'session', 'token', 'invitation', 'registration', 'code']);
/** Path segments right after these carry a credential (the invitation link's token). */
const SECRET_AFTER = new Set(['invitations']);
/** A long opaque value in a path is a token (UUIDs, which name things, are kept). */
const OPAQUE = /^[A-Za-z0-9_-]{32,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HIDDEN = '[redacted]';

/**
 * The URL as it may be written to a log: signed file addresses, invitation
 * tokens and other credentials in the path or query are replaced, so logs can
 * be shipped and read without handing out access.
 */
function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const segments = path.split('/');
  const cleanPath = segments
    .map((segment, i) => {
      if (!segment) return segment;
      if (SECRET_AFTER.has(segments[i - 1] ?? '') && !UUID.test(segment)) return HIDDEN;
      return OPAQUE.test(segment) && !UUID.test(segment) ? HIDDEN : segment;
    })
    .join('/');
  if (query === undefined) return cleanPath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) params.set(key, HIDDEN);
  }
  return `${cleanPath}?${params.toString()}`;
}

/** Fastify's request log line, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}

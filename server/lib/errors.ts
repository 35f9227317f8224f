import type { ErrorCode } from '../../lib/contract/envelope';
import { errorMessages } from '../../lib/contract/error-messages';

/** A failure the client is meant to see: HTTP status, machine code, sentence, field errors. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  retryAfterSeconds?: number;
}

export const fieldError = (field: string, message: string, code: ErrorCode = 'validation_error', status = 400) =>
  new AppError(status, code, message, { [field]: [message] });
export const unauthenticated = (code: ErrorCode = 'unauthenticated', message: string = errorMessages.unauthenticated) =>
  new AppError(401, code, message);
export const forbidden = (message: string = errorMessages.forbidden, code: ErrorCode = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (what?: string) => new AppError(404, 'not_found', errorMessages.notFound(what));
export const conflict = (message: string, code: ErrorCode = 'conflict', errors?: Record<string, string[]>) =>
  new AppError(409, code, message, errors);
/** 429; `retryAfterMs` becomes the Retry-After header, so clients and proxies know when to come back. */
export function tooManyRequests(message = 'Too many attempts. Please wait a few minutes and try again.', retryAfterMs?: number) {
  const error = new AppError(429, 'rate_limited', message);
  if (retryAfterMs !== undefined) error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return error;
}

// PostgreSQL refuses text it cannot hold (a NUL character, bytes outside
// UTF-8): the request's fault, not the server's.
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);
export function isUnstorableTextError(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

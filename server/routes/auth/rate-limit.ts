import { tooManyRequests } from '../../lib/errors';
import type { App } from '../../types';

/**
 * Route config for endpoints that take credentials or send mail: at most
 * `authRateLimitPerMinute` requests per minute per client address, counted
 * per route. The refusal is an AppError so the error envelope carries the
 * wait time.
 */
export const authRateLimit = (app: App) => ({
  rateLimit: {
    max: app.deps.config.authRateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      tooManyRequests(`Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`),
  },
});

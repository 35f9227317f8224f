import type { Config } from '../config';

/**
 * The origins the app's own pages are served from: APP_URL's, and the one
 * passkey ceremonies expect (WEBAUTHN_ORIGIN), which may name the same
 * server by another host. A browser request whose Origin is anything else
 * was started by another site's page.
 */
export function appOrigins(config: Pick<Config, 'appUrl' | 'webauthn'>): Set<string> {
  return new Set([new URL(config.appUrl).origin, new URL(config.webauthn.origin).origin]);
}

export const isAppOrigin = (config: Pick<Config, 'appUrl' | 'webauthn'>, origin: string): boolean => appOrigins(config).has(origin);

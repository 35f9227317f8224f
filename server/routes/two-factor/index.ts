import type { App } from '../../types';
import { passkeyRoutes } from './passkeys';
import { twoFactorSignInRoutes } from './sign-in';
import { totpRoutes } from './totp';

/**
 * Two-factor sign-in and passkeys, mounted under /api/v1/auth beside the
 * other sign-in routes: the person's own settings, the second step of a
 * sign-in, and signing in with a passkey.
 */
export default async function twoFactorRoutes(app: App) {
  for (const route of [totpRoutes, passkeyRoutes, twoFactorSignInRoutes]) route(app);
}

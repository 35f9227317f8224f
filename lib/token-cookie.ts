/**
 * The httpOnly cookie in which the web app keeps the session token (spec §7).
 * The /api/token route writes it; the proxy only checks that it is there.
 */
export const TOKEN_COOKIE = 'convene_token';

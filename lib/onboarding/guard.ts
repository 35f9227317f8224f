import type { User } from '../contract/auth';
import type { PageAccess } from '../page';
import { destinationFor } from './redirect';

export const SIGN_IN_PATH = '/sign-in';
/** Where a person whose hub requires two-factor sign-in sets it up (before anything else). */
export const TWO_FACTOR_SETUP_PATH = '/account/security';

/** Hub set-up pages; which of them a user may open depends on the onboarding step. */
const HUB_SETUP_PATHS = new Set(['/create-hub', '/join-hub']);

const pathnameOf = (path: string) => path.split(/[?#]/, 1)[0] || '/';

/** Any origin will do: `next` is resolved against it only to see whether it stays on it. */
const PROBE_ORIGIN = 'https://app.invalid';

/**
 * A `next` value is only followed when it is a path on this site. It is
 * resolved the way a browser would (which drops tabs and line breaks, so
 * `/\t/evil.test` means `//evil.test`, and reads `\` as `/`) and kept only
 * when it stays on the same origin; what is followed is the resolved path.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function nextParamOf(path: string): string | null {
  const query = path.split('#', 1)[0]?.split('?')[1];
  return query ? safeNextPath(new URLSearchParams(query).get('next')) : null;
}

/** The token of an invitation page (`/join-hub?invitation=…`), or null for any other path. */
export function invitationTokenIn(path: string | null): string | null {
  const [pathname, query = ''] = path?.split('?') ?? [];
  return pathname === '/join-hub' ? new URLSearchParams(query).get('invitation') : null;
}

/**
 * Where a user goes after an action moved them on (signing in, a step done),
 * and where the guard sends a signed-in visitor off a guest page: their
 * onboarding step, else the page they were sent away from (`?next=`, same
 * site only), else the hub home. An invitation link comes first even
 * mid-onboarding: it is what the person came for, and the guard brings them
 * back to any unfinished step once they have accepted.
 */
export function landingPathFor(user: Pick<User, 'current_step' | 'organization'>, next?: unknown): string {
  const nextPath = safeNextPath(next);
  if (nextPath && invitationTokenIn(nextPath) !== null) return nextPath;
  return destinationFor(user) ?? nextPath ?? '/';
}

/**
 * Whether a signed-in user may stay on `pathname`, beyond the spec's table.
 * Two deliberate widenings:
 * - at the organization / join_organization steps both /create-hub and
 *   /join-hub are allowed: an invited user may still start a hub of their own;
 * - a `completed` user may open /basic-profile, /create-hub and /join-hub:
 *   editing the profile or starting or joining a second hub is normal use
 *   (the table's "no redirect" for completed already allows every page).
 */
function mayStay(user: Pick<User, 'current_step'>, pathname: string): boolean {
  if (user.current_step === 'completed') return true;
  if (user.current_step === 'organization' || user.current_step === 'join_organization') {
    return HUB_SETUP_PATHS.has(pathname);
  }
  return false;
}

export interface GuardInput {
  access: PageAccess;
  /** The path as shown in the address bar, query included (router.asPath). */
  path: string;
  isAuthenticated: boolean;
  user: (Pick<User, 'current_step' | 'organization'> & Partial<Pick<User, 'two_factor_required'>>) | null;
  /** True right after the user signed out on this page: go to sign-in without a `next`. */
  signedOut?: boolean;
}

/** Where the guard must send the visitor, or null to show the page. */
export function guardDecision({ access, path, isAuthenticated, user, signedOut = false }: GuardInput): string | null {
  if (access === 'public') return null;
  const pathname = pathnameOf(path);

  if (!isAuthenticated || !user) {
    if (access === 'guest') return null;
    if (signedOut || pathname === '/') return SIGN_IN_PATH;
    return `${SIGN_IN_PATH}?next=${encodeURIComponent(path)}`;
  }

  if (user.two_factor_required) return pathname === TWO_FACTOR_SETUP_PATH ? null : TWO_FACTOR_SETUP_PATH;
  const destination = destinationFor(user);
  // The same landing as the sign-in that just happened here computes, or the two navigations race.
  if (access === 'guest') return landingPathFor(user, nextParamOf(path));
  if (destination === null || destination === pathname || mayStay(user, pathname)) return null;
  return destination;
}

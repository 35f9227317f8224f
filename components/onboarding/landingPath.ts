import type { User } from '@/lib/contract/auth';
import { safeNextPath } from '@/lib/onboarding/guard';
import { destinationFor } from '@/lib/onboarding/redirect';

/** The token of an invitation page (`/join-hub?invitation=…`), or null for any other path. */
export function invitationTokenIn(path: string | null): string | null {
  const [pathname, query = ''] = path?.split('?') ?? [];
  return pathname === '/join-hub' ? new URLSearchParams(query).get('invitation') : null;
}

/** Accepting an invitation is itself a step of onboarding. */
const isInvitationPath = (path: string) => invitationTokenIn(path) !== null;

/**
 * Where a user goes after an action moved them on: their onboarding step,
 * else the page they were sent away from (`?next=`, same site only), else the
 * hub home. An invitation link comes first even mid-onboarding: it is what
 * the person came for, and the guard brings them back to any unfinished step
 * once they have accepted.
 */
export function landingPathFor(user: User, next?: unknown): string {
  const nextPath = safeNextPath(next);
  if (nextPath && isInvitationPath(nextPath)) return nextPath;
  return destinationFor(user) ?? nextPath ?? '/';
}

import type { User } from '../contract/auth';

/**
 * Where a signed-in user must go, per the spec's current_step table; null
 * means "stay". The destination is compared with the current path so the
 * guard never redirects to the page it is already on.
 */
export function destinationFor(user: Pick<User, 'current_step' | 'organization'>): string | null {
  switch (user.current_step) {
    case 'completed':
      return null;
    case 'join_organization':
    case 'organization':
      return user.organization ? '/join-hub' : '/create-hub';
    case 'profile':
      return '/basic-profile';
    default:
      return `/${user.current_step}`;
  }
}

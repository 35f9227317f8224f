import { describe, expect, it } from 'vitest';
import { guardDecision, TWO_FACTOR_SETUP_PATH } from '@/lib/onboarding/guard';

const member = { current_step: 'completed', organization: null, two_factor_required: true } as const;

describe('a person whose hub requires two-factor sign-in they lack', () => {
  it('is sent to set it up from every page, and may stay there', () => {
    for (const path of ['/', '/hub/settings', '/spaces/abc', '/search?q=x', '/create-hub']) {
      expect(guardDecision({ access: 'user', path, isAuthenticated: true, user: member })).toBe(TWO_FACTOR_SETUP_PATH);
    }
    expect(guardDecision({ access: 'user', path: '/account/security', isAuthenticated: true, user: member })).toBeNull();
    // A signed-in person on a guest page (sign-in) goes there too, not to `next`.
    expect(guardDecision({ access: 'guest', path: '/sign-in?next=/hub/settings', isAuthenticated: true, user: member })).toBe(TWO_FACTOR_SETUP_PATH);
  });

  it('goes about as usual once they have it (or when nothing requires it)', () => {
    const done = { ...member, two_factor_required: false };
    expect(guardDecision({ access: 'user', path: '/hub/settings', isAuthenticated: true, user: done })).toBeNull();
    expect(guardDecision({ access: 'public', path: '/500', isAuthenticated: true, user: member })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { User } from '@/lib/contract/auth';
import { landingPathFor } from '@/lib/onboarding/guard';

const user = (current_step: string): User => ({
  id: 'u1', email: 'ada@example.org', name: 'Ada', email_verified: true,
  profile: { role: null, about: null, colour: '#796CFF' }, photo_url: null, has_password: true,
  current_step, organization: null, active_organization: null, organizations: [], created_at: '2026-01-01T00:00:00Z',
  two_factor_enabled: false, two_factor_required: false,
});

describe('landingPathFor', () => {
  it('sends a user mid-onboarding to their step, not to an ordinary next page', () => {
    expect(landingPathFor(user('profile'), '/hub/settings')).toBe('/basic-profile');
  });

  it('lets an invitation link come first, even mid-onboarding', () => {
    expect(landingPathFor(user('profile'), '/join-hub?invitation=abc')).toBe('/join-hub?invitation=abc');
  });

  it('follows a safe next page once onboarding is complete, else goes home', () => {
    expect(landingPathFor(user('completed'), '/hub/settings')).toBe('/hub/settings');
    expect(landingPathFor(user('completed'))).toBe('/');
  });

  it('ignores a next that leaves the site', () => {
    expect(landingPathFor(user('completed'), '//evil.example/join-hub?invitation=abc')).toBe('/');
  });
});

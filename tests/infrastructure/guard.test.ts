import { describe, expect, it } from 'vitest';
import { guardDecision, safeNextPath } from '@/lib/onboarding/guard';
import type { User } from '@/lib/contract/auth';

type Step = Pick<User, 'current_step' | 'organization'>;
const at = (current_step: string): Step => ({ current_step, organization: null });
const signedIn = (user: Step) => ({ isAuthenticated: true, user });
const signedOutVisitor = { isAuthenticated: false, user: null };

describe('guardDecision for signed-out visitors', () => {
  it('sends them from a user page to sign-in, remembering where they were going', () => {
    expect(guardDecision({ access: 'user', path: '/settings?tab=2', ...signedOutVisitor })).toBe(
      '/sign-in?next=%2Fsettings%3Ftab%3D2',
    );
  });

  it('sends them from the home page to plain sign-in', () => {
    expect(guardDecision({ access: 'user', path: '/', ...signedOutVisitor })).toBe('/sign-in');
  });

  it('does not add next right after signing out', () => {
    expect(guardDecision({ access: 'user', path: '/create-hub', ...signedOutVisitor, signedOut: true })).toBe('/sign-in');
  });

  it('lets them see guest and public pages', () => {
    expect(guardDecision({ access: 'guest', path: '/sign-up', ...signedOutVisitor })).toBeNull();
    expect(guardDecision({ access: 'public', path: '/404', ...signedOutVisitor })).toBeNull();
  });
});

describe('guardDecision for signed-in users', () => {
  it('sends them from guest pages to their onboarding step', () => {
    expect(guardDecision({ access: 'guest', path: '/sign-in', ...signedIn(at('profile')) })).toBe('/basic-profile');
  });

  it('sends someone who just signed up from an invitation back to it, whatever their step, as the sign-in itself does', () => {
    // Two rules here used to race: the sign-up page sent the person to the invitation, the guard to their profile step.
    const path = `/sign-up?next=${encodeURIComponent('/join-hub?invitation=abc')}`;
    expect(guardDecision({ access: 'guest', path, ...signedIn(at('profile')) })).toBe('/join-hub?invitation=abc');
  });

  it('sends a completed user from a guest page to a safe next path, else home', () => {
    const user = signedIn(at('completed'));
    expect(guardDecision({ access: 'guest', path: '/sign-in?next=%2Fjoin-hub', ...user })).toBe('/join-hub');
    expect(guardDecision({ access: 'guest', path: '/sign-in?next=https%3A%2F%2Fevil.test', ...user })).toBe('/');
    expect(guardDecision({ access: 'guest', path: '/verify', ...user })).toBe('/');
  });

  it('redirects a user page by current_step and leaves the destination page alone', () => {
    expect(guardDecision({ access: 'user', path: '/', ...signedIn(at('profile')) })).toBe('/basic-profile');
    expect(guardDecision({ access: 'user', path: '/basic-profile', ...signedIn(at('profile')) })).toBeNull();
    expect(guardDecision({ access: 'user', path: '/create-hub', ...signedIn(at('profile')) })).toBe('/basic-profile');
    expect(guardDecision({ access: 'user', path: '/', ...signedIn(at('verify-phone')) })).toBe('/verify-phone');
  });

  it('allows both hub pages at the organization steps, but nothing else', () => {
    for (const step of ['organization', 'join_organization']) {
      const user = signedIn(at(step));
      expect(guardDecision({ access: 'user', path: '/create-hub', ...user })).toBeNull();
      expect(guardDecision({ access: 'user', path: '/join-hub?from=invite', ...user })).toBeNull();
      expect(guardDecision({ access: 'user', path: '/', ...user })).toBe('/create-hub');
      expect(guardDecision({ access: 'user', path: '/basic-profile', ...user })).toBe('/create-hub');
    }
  });

  it('lets a completed user open the profile and hub set-up pages', () => {
    const user = signedIn(at('completed'));
    for (const path of ['/', '/basic-profile', '/create-hub', '/join-hub']) {
      expect(guardDecision({ access: 'user', path, ...user })).toBeNull();
    }
  });

  it('never redirects public pages', () => {
    expect(guardDecision({ access: 'public', path: '/404', ...signedIn(at('profile')) })).toBeNull();
  });
});

describe('safeNextPath', () => {
  it('accepts same-site paths only', () => {
    expect(safeNextPath('/join-hub?x=1')).toBe('/join-hub?x=1');
    for (const bad of ['//evil.test', 'https://evil.test', '/\\evil.test', 'join-hub', undefined, 42]) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });

  it('refuses paths a browser reads as another site once it drops tabs and line breaks', () => {
    for (const hidden of ['\t', '\n', '\r', '\t\n']) {
      expect(safeNextPath(`/${hidden}/evil.test/`)).toBeNull();
      expect(safeNextPath(`/${hidden}\\evil.test/`)).toBeNull();
    }
  });

  it('follows the path as the browser resolves it', () => {
    expect(safeNextPath('/spaces/../hub/settings#members')).toBe('/hub/settings#members');
  });
});

import { describe, expect, it } from 'vitest';
import { destinationFor } from '@/lib/onboarding/redirect';
import type { JoinableHub } from '@/lib/contract/hubs';

const invitation: JoinableHub = {
  id: 'hub-1',
  name: 'Acme',
  domain_handle: 'acme',
  description: null,
  visibility: 'shared',
  colour: '#796CFF',
  email_domain: null,
  member_count: 3,
  created_at: '2024-01-01T00:00:00.000Z',
  reason: 'invitation',
  role: 'editor',
  invited_by: 'Ada',
};

// One test per row of the spec's current_step table (§2).
describe('current_step redirect table', () => {
  it('completed → no redirect', () => {
    expect(destinationFor({ current_step: 'completed', organization: null })).toBeNull();
  });

  it('join_organization or organization with an organization → /join-hub', () => {
    expect(destinationFor({ current_step: 'join_organization', organization: invitation })).toBe('/join-hub');
    expect(destinationFor({ current_step: 'organization', organization: invitation })).toBe('/join-hub');
  });

  it('join_organization or organization with an empty organization → /create-hub', () => {
    expect(destinationFor({ current_step: 'organization', organization: null })).toBe('/create-hub');
    expect(destinationFor({ current_step: 'join_organization', organization: null })).toBe('/create-hub');
  });

  it('profile → /basic-profile', () => {
    expect(destinationFor({ current_step: 'profile', organization: null })).toBe('/basic-profile');
  });

  it('any other value → /{current_step}', () => {
    expect(destinationFor({ current_step: 'verify-phone', organization: null })).toBe('/verify-phone');
  });
});

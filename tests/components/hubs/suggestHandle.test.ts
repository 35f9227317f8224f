import { describe, expect, it } from 'vitest';
import { createHubBody } from '@/lib/contract/hubs';
import { HANDLE_MAX } from '@/lib/validation/fields';
import { suggestHandle } from '@/components/hubs/suggestHandle';
import { organisationDomainOf } from '@/components/hubs/emailDomain';

describe('suggestHandle', () => {
  it.each([
    ['Acme Research', 'acme-research'],
    ['  Acme   Research Ltd. ', 'acme-research-ltd'],
    ['Café Müller & Söhne', 'cafe-muller-sohne'],
    ['R&D_team 2', 'r-d-team-2'],
    ['!!!', ''],
  ])('"%s" → "%s"', (name, handle) => {
    expect(suggestHandle(name)).toBe(handle);
  });

  it('stays within the handle rule for long names', () => {
    const handle = suggestHandle('The International Association of Very Long Organisation Names');
    expect(handle.length).toBeLessThanOrEqual(HANDLE_MAX);
    expect(handle.endsWith('-')).toBe(false);
    expect(createHubBody.shape.domain_handle.safeParse(handle).success).toBe(true);
  });
});

describe('organisationDomainOf', () => {
  it('offers a company domain and not a public mailbox provider', () => {
    expect(organisationDomainOf('lin@Acme.io')).toBe('acme.io');
    expect(organisationDomainOf('lin@gmail.com')).toBe('');
    expect(organisationDomainOf('')).toBe('');
  });
});

import type { Meeting } from '@/lib/contract/meetings';

/** The meeting the client tests are in. */
export const meeting: Meeting = {
  id: 'm1',
  code: 'abc-defg-hij',
  organization: { id: 'o1', name: 'Example Team', domain_handle: 'example-team' },
  space: null,
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

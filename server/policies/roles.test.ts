import { describe, expect, it } from 'vitest';
import { authorize, can, higherRole } from './roles';

describe('role policy (design §5)', () => {
  it.each([
    ['viewer', 'view', true], ['viewer', 'add_content', false], ['viewer', 'invite', false],
    ['editor', 'add_content', true], ['editor', 'delete_content', true], ['editor', 'invite', true],
    ['editor', 'change_visibility', true], ['editor', 'archive', false], ['editor', 'manage_roles', false],
    ['owner', 'archive', true], ['owner', 'transfer_ownership', true], ['owner', 'manage_roles', true],
    ['guest', 'view', false],
  ] as const)('%s may %s: %s', (role, operation, allowed) => {
    expect(can(role, operation)).toBe(allowed);
  });

  it('combines a space role and a hub role by taking the higher', () => {
    expect(higherRole('viewer', 'editor')).toBe('editor');
    expect(higherRole('owner', 'viewer')).toBe('owner');
    expect(higherRole('guest', 'viewer')).toBe('viewer');
  });

  it('refuses with 403 forbidden', () => {
    expect(() => authorize('viewer', 'archive')).toThrowError(expect.objectContaining({ status: 403, code: 'forbidden' }));
    expect(() => authorize('owner', 'archive')).not.toThrow();
  });
});

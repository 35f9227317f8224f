import { describe, expect, it } from 'vitest';
import type { SpaceRequirement } from '../../lib/contract/endpoint';
import { errorMessages } from '../../lib/contract/error-messages';
import type { Role, SpaceVisibility } from '../../lib/contract/settings';
import { authorizeInSpace, type SpaceAccess, type SpaceRow, type SpaceViewer } from './spaces';

const viewer: SpaceViewer = { hubId: 'hub', userId: 'me', hubRole: 'editor' };

function accessOf(opts: { role: Role; member?: boolean; archived?: boolean; visibility?: SpaceVisibility; mine?: boolean }): SpaceAccess {
  const space = {
    id: 'space', hubId: 'hub', visibility: opts.visibility ?? 'shared', createdBy: opts.mine ? 'me' : 'someone',
    archivedAt: opts.archived ? new Date() : null,
  } as SpaceRow;
  return { space, memberRole: (opts.member ?? true) ? 'viewer' : null, role: opts.role };
}

/** What authorizeInSpace answers: null when allowed, else the refusal's status, code and message. */
function answer(access: SpaceAccess, ability: SpaceRequirement) {
  try {
    authorizeInSpace(access, viewer, ability);
    return null;
  } catch (error) {
    const { status, code, message } = error as { status: number; code: string; message: string };
    return { status, code, message };
  }
}

describe('authorizeInSpace: the abilities decide, the refusal says why', () => {
  it('allows what the abilities allow', () => {
    expect(answer(accessOf({ role: 'editor' }), 'add_content')).toBeNull();
    expect(answer(accessOf({ role: 'owner', archived: true }), 'restore')).toBeNull();
    expect(answer(accessOf({ role: 'owner', visibility: 'private', member: false }), 'add_content')).toBeNull();
  });

  it.each([
    ['the role', accessOf({ role: 'viewer' }), 'edit_content', 403, 'forbidden', 'Only editors and owners of this space can change it.'],
    ['the role, with no reason of its own', accessOf({ role: 'viewer' }), 'add_content', 403, 'forbidden', errorMessages.forbidden],
    ['not being the creator', accessOf({ role: 'owner' }), 'make_private', 403, 'forbidden', 'Only the person who created this space can make it private.'],
    ['an archived space', accessOf({ role: 'editor', archived: true }), 'add_content', 422, 'space_archived', 'This space is archived. Restore it before changing it.'],
    ['an archived space, to archive', accessOf({ role: 'owner', archived: true }), 'archive', 409, 'conflict', 'This space is already archived.'],
    ['a live space, to restore', accessOf({ role: 'owner' }), 'restore', 409, 'conflict', 'This space is not archived.'],
    ['a private space, to invite', accessOf({ role: 'owner', visibility: 'private', mine: true }), 'invite', 422, 'space_private',
      'Only its creator and the hub owner can see a private space. Make it shared to add or invite members.'],
    ['an Everyone space not joined', accessOf({ role: 'editor', visibility: 'public', member: false }), 'add_content', 403, 'forbidden',
      'Join this space to add to it.'],
    ['an Everyone space not joined, to change it', accessOf({ role: 'owner', visibility: 'public', member: false }), 'update', 403, 'forbidden',
      'Join this space to change it.'],
  ] as const)('refuses for %s', (_reason, access, ability, status, code, message) => {
    expect(answer(access, ability)).toEqual({ status, code, message });
  });
});

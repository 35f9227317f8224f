import type { Database } from '../../db/connect';
import { notFound } from '../../lib/errors';
import { assertNotArchived, authorizeInSpace, type SpaceAccess, type SpaceViewer } from '../../policies/spaces';
import { findVisibleSpace } from './find-visible-space';
import { isUuid } from './is-uuid';
import { findSpaceMemberRow, type SpaceMemberRow } from './space-member-view';

/**
 * The shared first half of changing or removing a space member: the space
 * must be visible (404), the viewer must manage roles there (403), the space
 * must not be archived (422) and the user must be its member (404).
 */
export async function findSpaceMemberToManage(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  userId: string;
}): Promise<{ access: SpaceAccess; member: SpaceMemberRow }> {
  const access = await findVisibleSpace(opts);
  authorizeInSpace(access, 'manage_roles');
  assertNotArchived(access.space);
  const member = isUuid(opts.userId)
    ? await findSpaceMemberRow({ db: opts.db, space: access.space, userId: opts.userId })
    : undefined;
  if (!member) throw notFound('That member of the space');
  return { access, member };
}

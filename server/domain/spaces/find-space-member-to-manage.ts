import type { Database } from '../../db/connect';
import { notFound } from '../../lib/errors';
import type { SpaceAccess, SpaceViewer } from '../../policies/spaces';
import { findVisibleSpace } from './find-visible-space';
import { isUuid } from './is-uuid';
import { findSpaceMemberRow, type SpaceMemberRow } from './space-member-view';

/**
 * The shared first half of changing or removing a space member: the space
 * must be visible (404), the viewer must manage its members (403, or 422
 * while it is archived) and the user must be its member (404).
 */
export async function findSpaceMemberToManage(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  userId: string;
}): Promise<{ access: SpaceAccess; member: SpaceMemberRow }> {
  const access = await findVisibleSpace({ ...opts, ability: 'manage_members' });
  const member = isUuid(opts.userId)
    ? await findSpaceMemberRow({ db: opts.db, space: access.space, userId: opts.userId })
    : undefined;
  if (!member) throw notFound('That member of the space');
  return { access, member };
}

import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { SpaceRequirement } from '../../../lib/contract/endpoint';
import type { SpaceAccess, SpaceViewer } from '../../policies/spaces';
import { findVisibleSpace } from '../spaces/find-visible-space';
import { isUuid } from '../spaces/is-uuid';
import { selectContentViews, type ContentViewRow } from './content-view';

const contentNotFound = () => notFound('That content');

/** One item of one space of the viewer's hub: the hub, the space and the id must all match. */
export const contentInSpace = (opts: { hubId: string; spaceId: string; contentId: string }): SQL =>
  and(eq(contents.hubId, opts.hubId), eq(contents.spaceId, opts.spaceId), eq(contents.id, opts.contentId))!;

/**
 * The item a request names, with the viewer's standing in its space: 404
 * when the space is not visible to the viewer, or the item is not in that
 * space (another space's or another hub's item answers like a missing one).
 * Inside a transaction the space row is locked, and an ability checked, as
 * findVisibleSpace does.
 */
export async function findSpaceContent(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  lock?: 'update' | 'share';
  ability?: SpaceRequirement;
  /** Whether to read the item's whole text too (a record table's runs to megabytes). */
  withBody?: boolean;
}): Promise<{ access: SpaceAccess; row: ContentViewRow }> {
  const access = await findVisibleSpace(opts);
  if (!isUuid(opts.contentId)) throw contentNotFound();
  const [row] = await selectContentViews(opts.db, { withBody: opts.withBody ?? true })
    .where(contentInSpace({ hubId: opts.viewer.hubId, spaceId: access.space.id, contentId: opts.contentId }))
    .limit(1);
  if (!row) throw contentNotFound();
  return { access, row };
}

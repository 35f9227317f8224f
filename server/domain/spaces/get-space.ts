import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { spaces } from '../../db/schema';
import type { Space } from '../../../lib/contract/spaces';
import { notFound } from '../../lib/errors';
import { visibleSpacesCondition, type SpaceViewer } from '../../policies/spaces';
import { isUuid } from './is-uuid';
import { presentSpace, selectSpaceViews } from './space-view';

export const spaceNotFound = () => notFound('That space');

/** One space as the viewer sees it (archived ones too, so they can be restored); 404 when not visible. */
export async function getSpace(opts: { db: Database; viewer: SpaceViewer; spaceId: string }): Promise<Space> {
  if (!isUuid(opts.spaceId)) throw spaceNotFound();
  const [row] = await selectSpaceViews(opts.db, opts.viewer)
    .where(and(eq(spaces.id, opts.spaceId), visibleSpacesCondition(opts.viewer)))
    .limit(1);
  if (!row) throw spaceNotFound();
  return presentSpace(row, opts.viewer);
}

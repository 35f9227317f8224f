import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import type { ContentItem } from '../../../lib/contract/contents';
import { spaceAbilitiesOf, type SpaceViewer } from '../../policies/spaces';
import { indexContent } from '../search/index-content';
import { presentContent, type ContentPresenter } from './content-view';
import { contentInSpace, findSpaceContent } from './find-space-content';

/** Renames an item (edit_content in its space); the name is searchable, so it is indexed again. */
export async function renameContent(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  name: string;
  presenter: ContentPresenter;
}): Promise<ContentItem> {
  return opts.db.transaction(async (tx) => {
    const { access, row } = await findSpaceContent({ ...opts, db: tx, ability: 'edit_content' });
    const { content } = row;
    const [renamed] = await tx
      .update(contents)
      .set({ name: opts.name, updatedAt: sql`now()` })
      .where(contentInSpace({ hubId: content.hubId, spaceId: content.spaceId, contentId: content.id }))
      .returning();
    await indexContent({ db: tx, hubId: content.hubId, contentId: content.id, name: opts.name, body: row.body });
    return presentContent({ ...row, content: renamed! }, opts.presenter, spaceAbilitiesOf(access, opts.viewer));
  });
}

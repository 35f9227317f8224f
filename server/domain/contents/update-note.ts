import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import type { ContentItem } from '../../../lib/contract/contents';
import { notFound } from '../../lib/errors';
import { spaceAbilitiesOf, type SpaceViewer } from '../../policies/spaces';
import { savePassages } from '../passages/save-passages';
import { indexContent } from '../search/index-content';
import { presentContent, type ContentPresenter } from './content-view';
import { contentInSpace, findSpaceContent } from './find-space-content';

/** Rewrites a note's title and text (edit_content in its space); other items are not notes here (404). */
export async function updateNote(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  note: { title: string; body: string };
  presenter: ContentPresenter;
}): Promise<ContentItem> {
  const { title, body } = opts.note;
  return opts.db.transaction(async (tx) => {
    const { access, row } = await findSpaceContent({ ...opts, db: tx, ability: 'edit_content' });
    if (row.content.source !== 'note') throw notFound('That note');
    const { content } = row;
    const [updated] = await tx
      .update(contents)
      .set({ name: title, body, details: { characters: body.length }, sizeBytes: Buffer.byteLength(body), updatedAt: sql`now()` })
      .where(contentInSpace({ hubId: content.hubId, spaceId: content.spaceId, contentId: content.id }))
      .returning();
    await indexContent({ db: tx, hubId: content.hubId, contentId: content.id, name: title, body });
    await savePassages({ db: tx, hubId: content.hubId, contentId: content.id, body });
    return presentContent({ ...row, content: updated! }, opts.presenter, spaceAbilitiesOf(access, opts.viewer));
  });
}

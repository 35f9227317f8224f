import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import type { ContentDetails, ContentItem, ContentKind, ContentSource } from '../../../lib/contract/contents';
import { assertNotArchived, authorizeInSpace, spaceAbilitiesOf, type SpaceViewer } from '../../policies/spaces';
import { findVisibleSpace } from '../spaces/find-visible-space';
import { savePassages } from '../passages/save-passages';
import { indexContent } from '../search/index-content';
import { presentContent, selectContentViews, type ContentPresenter } from './content-view';
import { contentInSpace } from './find-space-content';

/**
 * Adds an item written in the app rather than uploaded (a contact from the
 * form, a note): there is no file to process, so it is ready and searchable
 * at once. Needs add_content in a space that is not archived.
 */
export async function addWrittenContent(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  presenter: ContentPresenter;
  item: { kind: ContentKind; source: ContentSource; name: string; body: string; details: ContentDetails };
}): Promise<ContentItem> {
  const { viewer, item } = opts;
  return opts.db.transaction(async (tx) => {
    const access = await findVisibleSpace({ db: tx, viewer, spaceId: opts.spaceId, lock: 'share' });
    authorizeInSpace(access, 'add_content');
    assertNotArchived(access.space);
    const [created] = await tx
      .insert(contents)
      .values({
        ...item,
        hubId: viewer.hubId,
        spaceId: access.space.id,
        status: 'ready',
        sizeBytes: Buffer.byteLength(item.body),
        createdBy: viewer.userId,
      })
      .returning({ id: contents.id });
    const where = { hubId: viewer.hubId, spaceId: access.space.id, contentId: created!.id };
    await indexContent({ db: tx, ...where, name: item.name, body: item.body });
    await savePassages({ db: tx, hubId: viewer.hubId, contentId: created!.id, body: item.body, whole: item.kind === 'contact' });
    const [row] = await selectContentViews(tx).where(contentInSpace(where)).limit(1);
    return presentContent(row!, opts.presenter, spaceAbilitiesOf(access, viewer));
  });
}

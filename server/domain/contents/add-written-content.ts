import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import type { ContentDetails, ContentItem, ContentKind, ContentSource } from '../../../lib/contract/contents';
import { spaceAbilitiesOf, type SpaceViewer } from '../../policies/spaces';
import { findVisibleSpace } from '../spaces/find-visible-space';
import { savePassages } from '../passages/save-passages';
import { indexContent } from '../search/index-content';
import { presentContent, selectContentViews, type ContentPresenter } from './content-view';
import { contentInSpace } from './find-space-content';

interface WrittenItem { kind: ContentKind; source: ContentSource; name: string; body: string; details: ContentDetails }

/**
 * Adds an item written in the app rather than uploaded (a contact from the
 * form, a note): there is no file to process, so it is ready and searchable
 * at once. Needs add_content in the space.
 */
export async function addWrittenContent(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  presenter: ContentPresenter;
  item: WrittenItem;
}): Promise<ContentItem> {
  const { viewer, item } = opts;
  return opts.db.transaction(async (tx) => {
    const access = await findVisibleSpace({ db: tx, viewer, spaceId: opts.spaceId, lock: 'share', ability: 'add_content' });
    const contentId = await insertWrittenContent({ db: tx, hubId: viewer.hubId, spaceId: access.space.id, createdBy: viewer.userId, item });
    const where = { hubId: viewer.hubId, spaceId: access.space.id, contentId };
    const [row] = await selectContentViews(tx).where(contentInSpace(where)).limit(1);
    return presentContent(row!, opts.presenter, spaceAbilitiesOf(access, viewer));
  });
}

/**
 * Stores a written item ready and searchable (indexed, its passages saved)
 * in a space the caller has already checked; answers its id. Also writes
 * what the app saves by itself, such as a meeting's summary.
 */
export async function insertWrittenContent(opts: {
  db: Database;
  hubId: string;
  spaceId: string;
  createdBy: string | null;
  item: WrittenItem;
}): Promise<string> {
  const { db, hubId, spaceId, item } = opts;
  const [created] = await db
    .insert(contents)
    .values({ ...item, hubId, spaceId, status: 'ready', sizeBytes: Buffer.byteLength(item.body), createdBy: opts.createdBy })
    .returning({ id: contents.id });
  const contentId = created!.id;
  await indexContent({ db, hubId, contentId, name: item.name, body: item.body });
  await savePassages({ db, hubId, contentId, body: item.body, whole: item.kind === 'contact' });
  return contentId;
}

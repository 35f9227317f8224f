import type { Database } from '../../db/connect';
import type { ContentItem } from '../../../lib/contract/contents';
import type { SpaceViewer } from '../../policies/spaces';
import { addWrittenContent } from './add-written-content';
import type { ContentPresenter } from './content-view';

/** Adds a note written in the app: its title is the item's name, its text the body. */
export async function createNote(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  note: { title: string; body: string };
  presenter: ContentPresenter;
}): Promise<ContentItem> {
  const { title, body } = opts.note;
  return addWrittenContent({
    ...opts,
    item: { kind: 'general', source: 'note', name: title, body, details: { characters: body.length } },
  });
}

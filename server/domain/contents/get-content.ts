import type { Database } from '../../db/connect';
import type { ContentItem } from '../../../lib/contract/contents';
import { spaceAbilitiesOf, type SpaceViewer } from '../../policies/spaces';
import { presentContent, type ContentPresenter } from './content-view';
import { findSpaceContent } from './find-space-content';

/** One item of a space the viewer can see (archived spaces too: they stay readable); 404 otherwise. */
export async function getContent(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  presenter: ContentPresenter;
}): Promise<ContentItem> {
  const { access, row } = await findSpaceContent(opts);
  return presentContent(row, opts.presenter, spaceAbilitiesOf(access, opts.viewer));
}

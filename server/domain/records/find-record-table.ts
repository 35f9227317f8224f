import type { Database } from '../../db/connect';
import { notFound } from '../../lib/errors';
import { assertNotArchived, authorizeInSpace, type SpaceAccess, type SpaceViewer } from '../../policies/spaces';
import type { ContentViewRow } from '../contents/content-view';
import { findSpaceContent } from '../contents/find-space-content';
import { findTemplate, type TemplateRecord } from '../templates/find-template';

export interface RecordTable {
  access: SpaceAccess;
  row: ContentViewRow;
  template: TemplateRecord;
}

/**
 * The record table a request names, with its template: 404 unless it is a
 * record table of a space the viewer sees in their hub. `write` also needs
 * the space's edit right (403) and a space that is not archived (422).
 */
export async function findRecordTable(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  write?: boolean;
}): Promise<RecordTable> {
  // Writers share the space: it cannot be archived under them, and its tables are written side by side.
  const { access, row } = await findSpaceContent({ ...opts, lock: 'share', withBody: false });
  const templateId = row.content.details.template_id;
  if (row.content.source !== 'records' || !templateId) throw notFound('That record table');
  if (opts.write) {
    authorizeInSpace(access, 'edit_content');
    assertNotArchived(access.space);
  }
  const template = await findTemplate({ db: opts.db, hubId: opts.viewer.hubId, templateId });
  return { access, row, template };
}

import type { Database } from '../../db/connect';
import { notFound } from '../../lib/errors';
import type { SpaceAccess, SpaceViewer } from '../../policies/spaces';
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
 * edit_content in the space (403, or 422 while it is archived).
 */
export async function findRecordTable(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  write?: boolean;
}): Promise<RecordTable> {
  // Writers share the space: it cannot be archived under them, and its tables are written side by side.
  const { access, row } = await findSpaceContent({ ...opts, lock: 'share', withBody: false, ability: opts.write ? 'edit_content' : undefined });
  const templateId = row.content.details.template_id;
  if (row.content.source !== 'records' || !templateId) throw notFound('That record table');
  const template = await findTemplate({ db: opts.db, hubId: opts.viewer.hubId, templateId });
  return { access, row, template };
}

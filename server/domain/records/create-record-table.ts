import type { Database } from '../../db/connect';
import { AppError, fieldError } from '../../lib/errors';
import type { ContentItem } from '../../../lib/contract/contents';
import { assertNotArchived, authorizeInSpace, type SpaceViewer } from '../../policies/spaces';
import { addWrittenContent } from '../contents/add-written-content';
import type { ContentPresenter } from '../contents/content-view';
import { findVisibleSpace } from '../spaces/find-visible-space';
import { findTemplate } from '../templates/find-template';

const templateUnavailable = (message: string) => fieldError('template_id', message, 'validation_error', 422);

/**
 * Adds an empty record table of a live template to a space: an item like
 * any other (kind table, source records), ready at once, whose records
 * follow. Needs add_content in a space that is not archived.
 */
export async function createRecordTable(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  table: { name: string; template_id: string };
  presenter: ContentPresenter;
}): Promise<ContentItem> {
  const { db, viewer, table } = opts;
  // The space answers first (404, 403, 422), so the template's state tells nothing to whom may not add here.
  const access = await findVisibleSpace({ db, viewer, spaceId: opts.spaceId });
  authorizeInSpace(access, 'add_content');
  assertNotArchived(access.space);
  const template = await findTemplate({ db, hubId: viewer.hubId, templateId: table.template_id }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) throw templateUnavailable('That template does not exist');
    throw error;
  });
  if (template.archivedAt) throw templateUnavailable(`${template.name} is archived; please choose a template in use`);
  return addWrittenContent({
    ...opts,
    item: { kind: 'table', source: 'records', name: table.name, body: '', details: { template_id: template.id, row_count: 0 } },
  });
}

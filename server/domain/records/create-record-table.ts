import type { Database } from '../../db/connect';
import { AppError, fieldError } from '../../lib/errors';
import type { ContentItem } from '../../../lib/contract/contents';
import type { SpaceViewer } from '../../policies/spaces';
import { addWrittenContent } from '../contents/add-written-content';
import type { ContentPresenter } from '../contents/content-view';
import { findTemplate } from '../templates/find-template';
import { errorMessages } from '../../../lib/contract/error-messages';

const templateUnavailable = (message: string) => fieldError('template_id', message, 'validation_error', 422);

/**
 * Adds an empty record table of a live template to a space: an item like
 * any other (kind table, source records), ready at once, whose records
 * follow. Its endpoint requires add_content in the space, before the
 * template is looked at, so the template's state tells nothing to whom may
 * not add here.
 */
export async function createRecordTable(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  table: { name: string; template_id: string };
  presenter: ContentPresenter;
}): Promise<ContentItem> {
  const { db, viewer, table } = opts;
  const template = await findTemplate({ db, hubId: viewer.hubId, templateId: table.template_id }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) throw templateUnavailable(errorMessages.templateMissing);
    throw error;
  });
  if (template.archivedAt) throw templateUnavailable(`${template.name} is archived; please choose a template in use`);
  return addWrittenContent({
    ...opts,
    item: { kind: 'table', source: 'records', name: table.name, body: '', details: { template_id: template.id, row_count: 0 } },
  });
}

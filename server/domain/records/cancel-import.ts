import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { recordImports } from '../../db/schema';
import type { ImportProgress } from '../../../lib/contract/records';
import { notFound } from '../../lib/errors';
import type { SpaceViewer } from '../../policies/spaces';
import { ownImport, presentProgress, progressColumns } from './find-record-import';

/**
 * Asks an import's saving run to stop (it does between batches, saving
 * nothing): a run under way, or the one about to start. An import already
 * saved is left as it is. Answers its progress.
 */
export async function requestImportCancel(opts: { db: Database; viewer: SpaceViewer; contentId: string; importId: string }): Promise<ImportProgress> {
  const [row] = await opts.db
    .update(recordImports)
    .set({ cancelRequested: sql`${recordImports.state} <> 'imported'` })
    .where(ownImport(opts.viewer, opts.contentId, opts.importId))
    .returning(progressColumns);
  if (!row) throw notFound('That import');
  return presentProgress(row);
}

import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { recordImports } from '../../db/schema';
import type { ImportProgress } from '../../../lib/contract/records';
import { notFound } from '../../lib/errors';
import type { SpaceViewer } from '../../policies/spaces';

/** An import as only the person who read it, for the table it was read for, may reach it. */
export const ownImport = (viewer: SpaceViewer, contentId: string, importId: string) =>
  and(
    eq(recordImports.id, importId),
    eq(recordImports.hubId, viewer.hubId),
    eq(recordImports.contentId, contentId),
    eq(recordImports.createdBy, viewer.userId),
  );

export const progressColumns = {
  id: recordImports.id,
  state: recordImports.state,
  saved: recordImports.savedRows,
  total: recordImports.totalRows,
};

export const presentProgress = (row: { id: string; state: ImportProgress['state']; saved: number; total: number }): ImportProgress => ({
  import_id: row.id, state: row.state, saved: row.saved, total: row.total,
});

/** How far an import's saving run has got; 404 for an import that is not the viewer's own on that table. */
export async function findImportProgress(opts: { db: Database; viewer: SpaceViewer; contentId: string; importId: string }): Promise<ImportProgress> {
  const [row] = await opts.db.select(progressColumns).from(recordImports).where(ownImport(opts.viewer, opts.contentId, opts.importId));
  if (!row) throw notFound('That import');
  return presentProgress(row);
}

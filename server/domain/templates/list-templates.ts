import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { formTemplates } from '../../db/schema';
import { pageOffset } from '../../lib/envelope';
import type { PageQuery } from '../../../lib/contract/envelope';
import type { SpaceViewer } from '../../policies/spaces';
import type { Template } from '../../../lib/contract/templates';
import { contactTemplate } from './find-template';
import { presentTemplate } from './present-template';

/**
 * A page of the hub's templates: the built-in contact template first (it
 * counts as the first of the list), then the hub's own by name. Archived
 * ones only when asked for.
 */
export async function listTemplates(opts: {
  db: Database;
  viewer: SpaceViewer;
  query: PageQuery & { archived: boolean };
}): Promise<{ items: Template[]; count: number }> {
  const { db, viewer, query } = opts;
  const where = and(eq(formTemplates.hubId, viewer.hubId), query.archived ? undefined : isNull(formTemplates.archivedAt));
  const offset = pageOffset(query);
  const builtInHere = offset === 0;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(formTemplates)
      .where(where)
      .orderBy(asc(sql`lower(${formTemplates.name})`), asc(formTemplates.id))
      .limit(builtInHere ? query.page_size - 1 : query.page_size)
      .offset(builtInHere ? 0 : offset - 1),
    db.select({ n: count() }).from(formTemplates).where(where),
  ]);
  const templates = [...(builtInHere ? [contactTemplate] : []), ...rows.map((row) => ({ ...row, builtIn: false }))];
  return { items: templates.map((t) => presentTemplate(t, viewer.hubRole)), count: (total?.n ?? 0) + 1 };
}

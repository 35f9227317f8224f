import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import { INDEXED_TEXT_MAX, SEARCH_CONFIG, searchableText } from './search-text';

/**
 * (Re)builds an item's search index from its name (weight A) and its text
 * (weight B). Called when processing finishes, when a note or contact is
 * saved, and on rename.
 */
export async function indexContent(opts: { db: Database; organizationId: string; contentId: string; name: string; body: string | null }) {
  const name = searchableText(opts.name);
  const body = searchableText((opts.body ?? '').slice(0, INDEXED_TEXT_MAX));
  const config = sql.raw(`'${SEARCH_CONFIG}'`);
  await opts.db
    .update(contents)
    .set({
      searchVector: sql`setweight(to_tsvector(${config}::regconfig, ${name}), 'A') || setweight(to_tsvector(${config}::regconfig, ${body}), 'B')`,
    })
    .where(and(eq(contents.organizationId, opts.organizationId), eq(contents.id, opts.contentId)));
}

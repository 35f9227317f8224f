import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents } from '../../db/schema';
import { INDEXED_TEXT_MAX, RANKED_WORDS, nameWords, searchableText, searchConfig } from './search-text';

/**
 * (Re)builds an item's search index from its name (weight A: the words it
 * is cut into, see nameWords, then the name as written) and its text
 * (weight B), and the ranking vector cut from its first RANKED_WORDS words
 * (search_vector_head, defined by migration 0007); a trigger keeps the
 * word lists typos are corrected from (searchWords, searchSpaceWords) in
 * step. Called when processing finishes, when a note or contact is saved,
 * and on rename.
 */
export async function indexContent(opts: { db: Database; hubId: string; contentId: string; name: string; body: string | null }) {
  const name = searchableText(opts.name);
  const words = searchableText(nameWords(opts.name));
  const body = searchableText((opts.body ?? '').slice(0, INDEXED_TEXT_MAX));
  // The vector is made once and both columns are set from it.
  await opts.db.execute(sql`
    with indexed as (
      select setweight(to_tsvector(${searchConfig}::regconfig, ${words}), 'A')
             || setweight(to_tsvector(${searchConfig}::regconfig, ${name}), 'A')
             || setweight(to_tsvector(${searchConfig}::regconfig, ${body}), 'B') as vector
    )
    update ${contents}
       set ${sql.identifier(contents.searchVector.name)} = indexed.vector,
           ${sql.identifier(contents.rankVector.name)} = search_vector_head(indexed.vector, ${RANKED_WORDS})
      from indexed
     where ${contents.hubId} = ${opts.hubId} and ${contents.id} = ${opts.contentId}`);
}

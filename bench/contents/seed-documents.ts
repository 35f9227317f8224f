import { eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Database } from '@/server/db/connect';
import { contents, spaces } from '@/server/db/schema';
import { indexContent } from '@/server/domain/search/index-content';
import type { Corpus } from './corpus';

const BATCH = 100;

export interface SeededDocuments {
  count: number;
  /** Characters of text written (names and bodies). */
  characters: number;
  /** Each document's id and name, by its index in the corpus. */
  documents: Array<{ id: string; name: string }>;
}

/**
 * `count` ready documents of about `characters` characters each, spread over
 * every space of the hub in turn, a second apart, each indexed by the
 * product's own indexContent (the processing step that makes an item
 * searchable). Rows go in BATCH at a time; their indexing runs concurrently,
 * which PostgreSQL spreads over its connections.
 * As in any bulk load, the GIN indexes over the search and ranking vectors
 * are dropped first and built again from their own definitions at the end:
 * one build is many times faster than growing them row by row.
 */
export async function seedDocuments(db: Database, opts: {
  hubId: string;
  createdBy: string;
  corpus: Corpus;
  count: number;
  characters: number;
}): Promise<SeededDocuments> {
  const spaceIds = (await db.select({ id: spaces.id }).from(spaces).where(eq(spaces.hubId, opts.hubId)))
    .map((space) => space.id);
  if (spaceIds.length === 0) throw new Error('the hub has no spaces to put documents in');
  const searchIndexes = getTableConfig(contents).indexes.filter((index) => index.config.method === 'gin').map((index) => index.config.name!);
  if (searchIndexes.length === 0) throw new Error('contents has no GIN index to rebuild');
  const found = (await db.execute(
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and indexname in ${searchIndexes}`,
  )) as { rows: Array<{ indexname: string; indexdef: string }> };
  if (found.rows.length !== searchIndexes.length) throw new Error(`an index of ${searchIndexes.join(', ')} is missing`);
  for (const { indexname } of found.rows) await db.execute(sql`drop index ${sql.identifier(indexname)}`);

  const start = Date.now() - opts.count * 1000;
  let characters = 0;
  const documents: SeededDocuments['documents'] = [];
  for (let first = 0; first < opts.count; first += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, opts.count - first) }, (_, offset) => {
      const index = first + offset;
      const { name, body } = opts.corpus.document(index, opts.characters);
      characters += name.length + body.length;
      return {
        hubId: opts.hubId,
        spaceId: spaceIds[index % spaceIds.length]!,
        kind: 'document' as const,
        source: 'upload' as const,
        name,
        extension: 'txt',
        mimeType: 'text/plain',
        sizeBytes: Buffer.byteLength(body),
        status: 'ready' as const,
        body,
        createdBy: opts.createdBy,
        createdAt: new Date(start + index * 1000),
      };
    });
    const rows = await db.insert(contents).values(batch).returning({ id: contents.id });
    documents.push(...rows.map((row, i) => ({ id: row.id, name: batch[i]!.name })));
    await Promise.all(rows.map((row, i) => indexContent({
      db, hubId: opts.hubId, contentId: row.id, name: batch[i]!.name, body: batch[i]!.body,
    })));
  }
  for (const { indexdef } of found.rows) await db.execute(sql.raw(indexdef));
  // The index pass rewrote every row and filled the word list; a database that grew this way would have been vacuumed and analysed since.
  await db.execute(sql`vacuum analyze contents, search_words, search_space_words`);
  return { count: opts.count, characters, documents };
}

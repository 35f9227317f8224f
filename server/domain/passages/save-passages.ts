import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contentPassages } from '../../db/schema';
import { searchableText, searchConfig } from '../search/search-text';
import { splitPassages, type LocatedSegment } from './split-passages';

/** Passages per insert statement (a passage is at most a few KB of text). */
const INSERT_BATCH = 200;

/**
 * Replaces an item's passages with those cut from its new body, each indexed
 * like the item itself (same folding and configuration): the headings and
 * attachment name it sits under weigh as much as an item's name (A), its
 * text as an item's text (B). Called wherever the item index is rebuilt
 * with a new body, inside the same transaction. Returns how many were saved.
 */
export async function savePassages(opts: {
  db: Database;
  hubId: string;
  contentId: string;
  body: string | null;
  segments?: LocatedSegment[];
  /** One passage for the whole body (see splitPassages). */
  whole?: boolean;
}): Promise<number> {
  const { db, hubId, contentId } = opts;
  await db.delete(contentPassages).where(and(eq(contentPassages.hubId, hubId), eq(contentPassages.contentId, contentId)));
  const passages = opts.body === null ? [] : splitPassages({ body: opts.body, segments: opts.segments, whole: opts.whole });
  for (let start = 0; start < passages.length; start += INSERT_BATCH) {
    await db.insert(contentPassages).values(
      passages.slice(start, start + INSERT_BATCH).map((p) => {
        const placed = searchableText([...(p.location.headings ?? []), p.location.attachment ?? ''].join(' '));
        return {
          contentId,
          hubId,
          position: p.position,
          location: p.location,
          bodyStart: p.start,
          bodyEnd: p.end,
          text: p.text,
          searchVector: sql`setweight(to_tsvector(${searchConfig}::regconfig, ${placed}), 'A')
            || setweight(to_tsvector(${searchConfig}::regconfig, ${searchableText(p.text)}), 'B')`,
        };
      }),
    );
  }
  return passages.length;
}

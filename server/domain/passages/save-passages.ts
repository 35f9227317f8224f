import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contentPassages } from '../../db/schema';
import { searchableText, searchConfig } from '../search/search-text';
import type { LocatedSegment } from '../../processing/located-text';
import { splitPassages, type SplitPassage } from './split-passages';

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
  /**
   * Only rewrite passages that differ from those saved: the ones before the
   * first difference stay (a record added at the end of a long record table
   * rewrites one passage, not thousands).
   */
  keepUnchanged?: boolean;
}): Promise<number> {
  const { db, hubId, contentId } = opts;
  const passages = opts.body === null ? [] : splitPassages({ body: opts.body, segments: opts.segments, whole: opts.whole });
  const kept = opts.keepUnchanged ? await unchangedPrefix({ db, hubId, contentId, passages }) : 0;
  await db.delete(contentPassages).where(and(eq(contentPassages.hubId, hubId), eq(contentPassages.contentId, contentId), gte(contentPassages.position, kept)));
  for (let start = kept; start < passages.length; start += INSERT_BATCH) {
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

/** How many of the saved passages, from the first, are exactly the new ones (same place, text and location). */
async function unchangedPrefix(opts: { db: Database; hubId: string; contentId: string; passages: SplitPassage[] }): Promise<number> {
  const saved = await opts.db
    .select({ location: contentPassages.location, start: contentPassages.bodyStart, end: contentPassages.bodyEnd, text: contentPassages.text })
    .from(contentPassages)
    .where(and(eq(contentPassages.hubId, opts.hubId), eq(contentPassages.contentId, opts.contentId)))
    .orderBy(asc(contentPassages.position));
  let same = 0;
  while (same < saved.length && same < opts.passages.length) {
    const [before, now] = [saved[same]!, opts.passages[same]!];
    if (before.start !== now.start || before.end !== now.end || before.text !== now.text || JSON.stringify(before.location) !== JSON.stringify(now.location)) break;
    same += 1;
  }
  return same;
}

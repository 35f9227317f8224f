import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contentRows, contents } from '../../db/schema';
import { savePassages } from '../passages/save-passages';
import { indexContent } from '../search/index-content';
import type { Storage } from '../../storage/storage';
import type { ContentDetails } from '../../../lib/contract/contents';
import { stillClaimed, type ClaimedContent } from './claim-next-content';
import { storableString, storableText, type Cell, type ExtractedContent } from '../../processing/processing-result';

const ROW_BATCH = 1000;

/** Details and cells with every string made storable (see storableString). */
function storableJson<T>(value: T): T {
  if (typeof value === 'string') return storableString(value) as T;
  if (Array.isArray(value)) return value.map(storableJson) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, storableJson(v)])) as T;
  }
  return value;
}

const toBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * Writes what a worker read: derived files first (each write is all or
 * nothing), then in one transaction the details, text, rows, search index
 * passages and 'ready'. Returns false when the item was deleted or taken back by
 * another node meanwhile; nothing is written over it then.
 */
export async function saveExtractedContent(opts: {
  db: Database;
  storage: Storage;
  item: ClaimedContent;
  content: ExtractedContent;
}): Promise<boolean> {
  const { db, storage, item, content } = opts;
  const baseKey = item.storageKey ?? item.id;
  for (const file of content.files) await storage.write(`${baseKey}.${file.suffix}`, Readable.from(toBuffer(file.data)));

  const body = content.body === null ? null : storableText(content.body);
  const details: ContentDetails = storableJson(content.details);
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(contents)
      .set({ status: 'ready', failureReason: null, processingStartedAt: null, details, body, updatedAt: sql`now()` })
      .where(stillClaimed(item))
      .returning({ name: contents.name });
    if (!row) return false;
    const ofItem = and(eq(contentRows.hubId, item.hubId), eq(contentRows.contentId, item.id));
    await tx.delete(contentRows).where(ofItem);
    const rows = content.rows ?? [];
    for (let start = 0; start < rows.length; start += ROW_BATCH) {
      await tx.insert(contentRows).values(
        rows.slice(start, start + ROW_BATCH).map((cells, i) => ({
          contentId: item.id,
          hubId: item.hubId,
          rowIndex: start + i,
          cells: storableJson<Cell[]>(cells),
        })),
      );
    }
    await indexContent({ db: tx, hubId: item.hubId, contentId: item.id, name: row.name, body });
    await savePassages({ db: tx, hubId: item.hubId, contentId: item.id, body, segments: content.segments });
    return true;
  });

  if (!saved) {
    // Another node owns the item now and writes the same keys: only a deleted item's files are removed.
    const [exists] = await db
      .select({ id: contents.id })
      .from(contents)
      .where(and(eq(contents.hubId, item.hubId), eq(contents.id, item.id)));
    if (!exists) await Promise.all(content.files.map((file) => storage.delete(`${baseKey}.${file.suffix}`)));
  }
  return saved;
}

import { and, asc, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connect';
import { contents, users } from '../db/schema';
import type { Storage } from './storage';

export const LOST_FILE_REASON = 'The file was lost before it was saved completely. Please upload it again.';

const BATCH = 500;

/** Derived objects are named `<content id>.<variant>`; the part before the first dot names the item. */
const baseKeyOf = (key: string) => key.split('.', 1)[0]!;

/**
 * Brings storage and the database back in step after a crash, before the
 * server takes requests: an upload killed between writing its file and
 * recording it leaves an object nobody owns, which is deleted; an item whose
 * original is gone is marked failed, so it says what happened instead of
 * offering a broken download. Works in batches, so memory stays flat
 * whatever the number of files. It spans every hub on purpose: it checks
 * the store as a whole.
 */
export async function reconcileStorage(opts: {
  db: Database;
  storage: Storage;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /**
   * Objects written less than this long ago are left alone: with several
   * nodes, another one may be between writing a file and recording it.
   */
  minAgeMs?: number;
}): Promise<{ removedObjects: number; lostFiles: number }> {
  const { db, storage } = opts;

  let removedObjects = 0;
  const removeUnowned = async (keys: string[]) => {
    const owned = await db
      .select({ key: contents.storageKey })
      .from(contents)
      .where(inArray(contents.storageKey, [...new Set(keys.map(baseKeyOf))]));
    // People's photos live beside the files, named by the whole key.
    const photos = await db.select({ key: users.photoKey }).from(users).where(inArray(users.photoKey, keys));
    const ownedKeys = new Set([...owned, ...photos].map((row) => row.key));
    for (const key of keys.filter((k) => !ownedKeys.has(baseKeyOf(k)))) {
      await storage.delete(key);
      removedObjects += 1;
    }
  };
  let batch: string[] = [];
  const youngest = Date.now() - (opts.minAgeMs ?? 0);
  for await (const object of storage.list()) {
    if (opts.minAgeMs && (!object.modifiedAt || object.modifiedAt.getTime() > youngest)) continue;
    batch.push(object.key);
    if (batch.length === BATCH) {
      await removeUnowned(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await removeUnowned(batch);

  let lostFiles = 0;
  for (let after = ''; ;) {
    const page = await db
      .select({ id: contents.id, key: contents.storageKey })
      .from(contents)
      .where(and(isNotNull(contents.storageKey), gt(contents.storageKey, after)))
      .orderBy(asc(contents.storageKey))
      .limit(BATCH);
    if (page.length === 0) break;
    after = page.at(-1)!.key!;
    const present = await Promise.all(page.map((row) => storage.stat(row.key!)));
    const lost = page.filter((_, i) => present[i] === null).map((row) => row.id);
    if (lost.length === 0) continue;
    const marked = await db
      .update(contents)
      .set({ status: 'failed', failureReason: LOST_FILE_REASON, processingStartedAt: null, updatedAt: sql`now()` })
      .where(and(inArray(contents.id, lost), sql`${contents.failureReason} is distinct from ${LOST_FILE_REASON}`))
      .returning({ id: contents.id });
    lostFiles += marked.length;
  }

  if (removedObjects > 0 || lostFiles > 0) opts.logger.warn({ removedObjects, lostFiles }, 'storage reconciled after an unclean stop');
  else opts.logger.info('storage and database agree');
  return { removedObjects, lostFiles };
}

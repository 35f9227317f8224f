import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { contentRows, contents } from '../../db/schema';
import type { ContentItem } from '../../../lib/contract/contents';
import type { MyHub } from '../../../lib/contract/hubs';
import type { Space } from '../../../lib/contract/spaces';
import { SEARCH_CONFIG } from '../../domain/search/search-text';
import type { TestServer } from '../../test/harness';
import type { Person } from '../spaces/space-test-kit';

/*
 * Items written straight to the database and storage, the way upload and
 * processing leave them, so the read and manage suites do not depend on them.
 */

export type ContentRowValues = typeof contents.$inferInsert;

export interface ItemBody { data: ContentItem; message?: string }
export interface ItemPage { data: ContentItem[]; count: number; page: number; page_size: number }

export const ITEM_NOT_FOUND = { message: 'That content was not found.', code: 'not_found' };

export async function storeObject(server: TestServer, key: string, data: string | Buffer) {
  await server.storage.write(key, Readable.from([Buffer.from(data)]));
}

/**
 * A content row in `space` (ready, a document, by `by`) with whatever
 * `values` change; with `file`, its original is stored under the item's id.
 */
export async function insertContent(
  server: TestServer,
  place: { hub: MyHub; space: Space; by: Person },
  values: Partial<ContentRowValues> & { file?: string | Buffer } = {},
) {
  const { file, ...rest } = values;
  const id = rest.id ?? randomUUID();
  if (file !== undefined) await storeObject(server, id, file);
  const [row] = await server.db
    .insert(contents)
    .values({
      hubId: place.hub.id,
      spaceId: place.space.id,
      kind: 'document',
      source: 'upload',
      name: `Item ${id.slice(0, 8)}.txt`,
      extension: 'txt',
      mimeType: 'text/plain',
      status: 'ready',
      createdBy: place.by.user.id,
      ...(file === undefined ? {} : { storageKey: id, sizeBytes: Buffer.byteLength(file) }),
      ...rest,
      id,
    })
    .returning();
  return row!;
}

export async function insertRows(server: TestServer, item: { id: string; hubId: string }, rows: Array<Array<string | number | boolean | null>>) {
  await server.db.insert(contentRows).values(rows.map((cells, rowIndex) => ({
    contentId: item.id, hubId: item.hubId, rowIndex, cells,
  })));
}

/** Ids of the items whose search index matches `words`. */
export async function indexedMatches(server: TestServer, words: string): Promise<string[]> {
  const rows = await server.db
    .select({ id: contents.id })
    .from(contents)
    .where(sql`${contents.searchVector} @@ plainto_tsquery(${sql.raw(`'${SEARCH_CONFIG}'`)}::regconfig, ${words})`);
  return rows.map((row) => row.id);
}

export async function contentRow(server: TestServer, id: string) {
  const [row] = await server.db.select().from(contents).where(eq(contents.id, id));
  return row;
}

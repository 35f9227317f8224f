import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { and, asc, eq } from 'drizzle-orm';
import { contentRows, contents } from '../db/schema';
import { extensionOf, type ContentKind } from '../../lib/contract/contents';
import type { MyHub } from '../../lib/contract/hubs';
import type { Space } from '../../lib/contract/spaces';
import { startTestServer, type TestServer } from '../test/harness';
import { createHub, createUser } from '../test/fixtures';
import { createSpace, type Person } from '../routes/spaces/space-test-kit';

/*
 * Shared set-up for the processing suites: a hub with a space, files queued
 * the way the upload route leaves them (object in storage, 'queued' row),
 * and a wait for the background processing to finish with them.
 */

export interface Place {
  owner: Person;
  hub: MyHub;
  space: Space;
}

export async function placeForContent(server: TestServer): Promise<Place> {
  const owner = await createUser(server, { name: 'Content Owner' });
  const hub = await createHub(server, owner.token);
  const space = await createSpace(server, owner, hub);
  return { owner, hub, space };
}

/**
 * The set-up the file-kind suites share: a server that processes uploads two
 * at a time, and a place to queue them in. Should the place fail, the server
 * is closed here, as the suite never gets hold of it to close.
 */
export async function startProcessingServer(): Promise<{ server: TestServer; place: Place }> {
  const server = await startTestServer({ processingConcurrency: 2 }, { processing: true });
  try {
    return { server, place: await placeForContent(server) };
  } catch (error) {
    await server.close();
    throw error;
  }
}

export type ContentRecord = typeof contents.$inferSelect;

/**
 * Stores `data` and queues it as an upload of `kind` named `name`, then tells
 * the processing queue. With `data` null the row points at no stored object.
 */
export async function queueFile(
  server: TestServer,
  place: Place,
  kind: ContentKind,
  name: string,
  data: Buffer | null,
  id: string = randomUUID(),
): Promise<string> {
  if (data) await server.storage.write(id, Readable.from(data));
  await server.db.insert(contents).values({
    id,
    hubId: place.hub.id,
    spaceId: place.space.id,
    kind,
    source: 'upload',
    name,
    extension: extensionOf(name),
    sizeBytes: data?.length ?? 0,
    storageKey: id,
    status: 'queued',
    createdBy: place.owner.user.id,
  });
  server.app.deps.processing?.notify();
  return id;
}

export async function readContent(server: TestServer, id: string): Promise<ContentRecord> {
  const [row] = await server.db.select().from(contents).where(eq(contents.id, id));
  if (!row) throw new Error(`content ${id} not found`);
  return row;
}

/** Waits until the item is ready or failed and returns it. */
export async function processed(server: TestServer, id: string, timeoutMs = 90_000): Promise<ContentRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await readContent(server, id);
    if (row.status === 'ready' || row.status === 'failed') return row;
    if (Date.now() > deadline) throw new Error(`content ${id} still ${row.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Queues a file and waits for its processing to end. */
export async function processFile(server: TestServer, place: Place, kind: ContentKind, name: string, data: Buffer) {
  return processed(server, await queueFile(server, place, kind, name, data));
}

export async function storedRows(server: TestServer, item: ContentRecord) {
  const rows = await server.db
    .select({ cells: contentRows.cells })
    .from(contentRows)
    .where(and(eq(contentRows.hubId, item.hubId), eq(contentRows.contentId, item.id)))
    .orderBy(asc(contentRows.rowIndex));
  return rows.map((r) => r.cells);
}

/** A stored object's bytes, or null when there is none. */
export async function storedObject(server: TestServer, key: string): Promise<Buffer | null> {
  const stream = await server.storage.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function storedText(server: TestServer, key: string): Promise<string | null> {
  const stream = await server.storage.read(key);
  return stream ? text(stream) : null;
}

/** The API still answers a signed-in request (processing a hostile file must not take the server down). */
export async function serverAnswers(server: TestServer, place: Place): Promise<boolean> {
  return (await server.get('auth/me/', { token: place.owner.token })).status === 200;
}

import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Storage } from '../../storage/storage';
import { PHOTO_KEY_PATTERN } from '../../../lib/contract/account';

/** The owner's id the key starts with, as a UUID. */
const ownerIdOf = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** A person's current photo by its key; a removed or replaced photo is gone (404), like one that never was. */
export async function openPhoto(opts: { db: Database; storage: Storage; key: string }): Promise<{ body: Readable; size: number }> {
  const { db, storage, key } = opts;
  const missing = () => notFound('That photo');
  const owner = PHOTO_KEY_PATTERN.exec(key)?.[1];
  if (!owner) throw missing();
  const [row] = await db.select({ photoKey: users.photoKey }).from(users).where(eq(users.id, ownerIdOf(owner))).limit(1);
  const stored = row?.photoKey === key ? await storage.stat(key) : null;
  const body = stored && (await storage.read(key));
  if (!stored || !body) throw missing();
  return { body, size: stored.size };
}

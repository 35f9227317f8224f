import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import type { UserRow } from '../../types';

/**
 * Points the person at a new photo (or none) and removes the one it
 * replaces. The old key is read under a row lock, so two uploads at once
 * never leave an object nobody points at.
 */
export async function swapPhotoKey(opts: { db: Database; storage: Storage; userId: string; key: string | null }): Promise<UserRow> {
  const { db, storage } = opts;
  const { updated, previous } = await db.transaction(async (tx) => {
    const [row] = await tx.select({ photoKey: users.photoKey }).from(users).where(eq(users.id, opts.userId)).for('update');
    const [changed] = await tx.update(users).set({ photoKey: opts.key }).where(eq(users.id, opts.userId)).returning();
    return { updated: changed, previous: row?.photoKey ?? null };
  });
  if (!updated) throw new Error('photo change matched no user');
  if (previous && previous !== opts.key) await storage.delete(previous);
  return updated;
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { UserRow } from '../../types';
import { findMyHub } from './find-my-hub';

/** Makes one of the user's hubs the active one; a hub the user is not in answers 404. Returns the updated user. */
export async function switchHub(opts: { db: Database; user: UserRow; handle: string }): Promise<UserRow> {
  const hub = await findMyHub({ db: opts.db, userId: opts.user.id, handle: opts.handle });
  if (!hub) throw notFound('That hub');
  await opts.db.update(users).set({ activeHubId: hub.id }).where(eq(users.id, opts.user.id));
  return { ...opts.user, activeHubId: hub.id };
}

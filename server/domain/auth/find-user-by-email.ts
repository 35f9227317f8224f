import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import type { UserRow } from '../../types';

/** Emails are stored lower-cased (the contract's email field lower-cases input). */
export async function findUserByEmail(opts: { db: Database; email: string }): Promise<UserRow | undefined> {
  const [user] = await opts.db.select().from(users).where(eq(users.email, opts.email.toLowerCase())).limit(1);
  return user;
}

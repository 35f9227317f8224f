import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { passkeys } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { UserRow } from '../../types';
import type { Passkey } from '../../../lib/contract/two-factor';
import { isUuid } from '../spaces/is-uuid';
import { presentPasskey } from './present-passkey';

/** Renames one of the person's passkeys; another person's passkey is "not found" like a missing one. */
export async function renamePasskey(opts: { db: Database; user: UserRow; id: string; name: string }): Promise<Passkey> {
  if (!isUuid(opts.id)) throw notFound('That passkey');
  const [row] = await opts.db
    .update(passkeys)
    .set({ name: opts.name })
    .where(and(eq(passkeys.id, opts.id), eq(passkeys.userId, opts.user.id)))
    .returning();
  if (!row) throw notFound('That passkey');
  return presentPasskey(row);
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { hubs } from '../../db/schema';
import { hubHandleField, type CheckHandleResponse } from '../../../lib/contract/hubs';
import { errorMessages } from '../../../lib/contract/error-messages';

export const HANDLE_TAKEN_MESSAGE = errorMessages.handleTaken;

async function isHandleTaken(opts: { db: Database; handle: string }): Promise<boolean> {
  const [row] = await opts.db
    .select({ id: hubs.id })
    .from(hubs)
    .where(eq(hubs.domainHandle, opts.handle))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a hub handle can be used: the same rule the create form applies,
 * then uniqueness (archived hubs keep their handle). A bad handle is an
 * answer, not an error.
 */
export async function checkHandle(opts: { db: Database; handle: string }): Promise<CheckHandleResponse> {
  const parsed = hubHandleField().safeParse(opts.handle);
  if (!parsed.success) {
    return {
      domain_handle: opts.handle.trim(),
      available: false,
      reason: parsed.error.issues[0]?.message ?? 'Hub handle is not valid',
    };
  }
  const taken = await isHandleTaken({ db: opts.db, handle: parsed.data });
  return { domain_handle: parsed.data, available: !taken, reason: taken ? HANDLE_TAKEN_MESSAGE : null };
}

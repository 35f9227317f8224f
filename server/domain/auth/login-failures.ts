import { and, count, desc, eq, gt, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { codeFailures, loginFailures } from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';
import { LOGIN_CLIENT_MAX_DELAY_MS, LOGIN_FAILURE_WINDOW_MS } from '../../../lib/constants';

const windowStart = (now: number) => new Date(now - LOGIN_FAILURE_WINDOW_MS);

/** Failed passwords for an address within the window, from any client. */
export async function countAddressFailures(opts: { db: Database; email: string }): Promise<number> {
  const [row] = await opts.db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, opts.email), gt(loginFailures.createdAt, windowStart(Date.now()))));
  return row?.n ?? 0;
}

/** How many of a client's newest failures the slow-down reads: enough to reach the longest wait. */
export const slowdownFailuresToRead = (freeFailures: number) => freeFailures + 8;

/**
 * The slow-down sign-in applies to one client, as a wait in milliseconds (0:
 * go ahead): after `freeFailures` failures within the window, each further
 * try waits twice as long after the newest failure as the last one did (1 s,
 * 2 s, 4 s … up to a minute). `newestFirst` are the failures' times, newest
 * first, at most slowdownFailuresToRead of them.
 */
export function slowdownWaitMs(newestFirst: Date[], freeFailures: number, now = Date.now()): number {
  const over = newestFirst.length - freeFailures;
  const newest = newestFirst[0];
  if (over < 0 || !newest) return 0;
  const delay = Math.min(1000 * 2 ** over, LOGIN_CLIENT_MAX_DELAY_MS);
  return Math.max(0, newest.getTime() + delay - now);
}

/** "Please wait 3 seconds and try again." for a wait in milliseconds. */
export function waitSentence(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  return `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;
}

/**
 * Slows one client down, never an address: after `freeFailures` failed
 * sign-ins within the window each further try from that client address
 * waits (slowdownWaitMs). The owner signing in from elsewhere is not held
 * up by a stranger's guessing.
 */
export async function checkClientSlowdown(opts: { db: Database; ip: string | null | undefined; freeFailures: number }): Promise<void> {
  if (!opts.ip) return;
  const now = Date.now();
  const recent = await opts.db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, opts.ip), gt(loginFailures.createdAt, windowStart(now))))
    .orderBy(desc(loginFailures.createdAt))
    .limit(slowdownFailuresToRead(opts.freeFailures));
  const wait = slowdownWaitMs(recent.map((failure) => failure.createdAt), opts.freeFailures, now);
  if (wait > 0) throw tooManyRequests(`Too many failed sign-in attempts from your network. ${waitSentence(wait)}`, wait);
}

/** Counts one failed password for an address from a client; failures older than the window are pruned. */
export async function recordLoginFailure(opts: { db: Database; email: string; ip: string | null | undefined }): Promise<void> {
  const now = new Date();
  await opts.db
    .delete(loginFailures)
    .where(and(
      or(eq(loginFailures.email, opts.email), opts.ip ? eq(loginFailures.ip, opts.ip) : undefined),
      lte(loginFailures.createdAt, windowStart(now.getTime())),
    ));
  await opts.db.insert(loginFailures).values({ email: opts.email, ip: opts.ip ?? null, createdAt: now });
}

/**
 * Forgets an address's failed sign-ins and wrong codes: its owner proved who
 * they are (a password reset, the mailbox, a second factor), so a stranger's
 * guessing must not keep slowing them down.
 */
export async function clearLoginFailures(opts: { db: Database; email: string }): Promise<void> {
  await opts.db.delete(loginFailures).where(eq(loginFailures.email, opts.email));
  await opts.db.delete(codeFailures).where(eq(codeFailures.email, opts.email));
}

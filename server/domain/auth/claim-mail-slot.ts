import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { mailRequests } from '../../db/schema';
import { checkMailThrottle, MAIL_WINDOW_MS } from './check-mail-throttle';

/** What a stranger can make the server mail; each has its own limit per address. */
export type MailPurpose = 'verify_email' | 'password_reset' | 'sign_in' | 'email_change';

/**
 * Takes one of the address's mail slots for `purpose`, or throws 429 when the
 * per-address limits are used up. Counted per address whether or not an
 * account uses it, so the limit answers alike for every address.
 */
export async function claimMailSlot(opts: { db: Database; email: string; purpose: MailPurpose; now?: Date }): Promise<string> {
  const now = opts.now ?? new Date();
  const recent = await opts.db
    .select({ createdAt: mailRequests.createdAt })
    .from(mailRequests)
    .where(and(
      eq(mailRequests.email, opts.email),
      eq(mailRequests.purpose, opts.purpose),
      gt(mailRequests.createdAt, new Date(now.getTime() - MAIL_WINDOW_MS)),
    ));
  checkMailThrottle({ sentAt: recent.map((r) => r.createdAt), now });
  const [slot] = await opts.db
    .insert(mailRequests)
    .values({ email: opts.email, purpose: opts.purpose, createdAt: now })
    .returning({ id: mailRequests.id });
  if (!slot) throw new Error('mail request insert returned no row');
  return slot.id;
}

/** Gives a slot back when its mail could not be sent: a mail nobody received must not count. */
export async function releaseMailSlot(opts: { db: Database; id: string }): Promise<void> {
  await opts.db.delete(mailRequests).where(eq(mailRequests.id, opts.id));
}

import { and, count, eq, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { sessions } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { newDeviceMail } from '../../mail/templates';
import type { UserRow } from '../../types';
import type { ClientInfo } from './create-session';
import { describeUserAgent } from '../../../lib/user-agent';

const sameAs = (column: AnyColumn, value: string | null | undefined) => (value ? eq(column, value) : isNull(column));

/**
 * Whether this browser has signed in to this account before (call it before
 * the new session is created): a session of any age or state with the same
 * fingerprint visitor id or, when the browser sent none, the same user agent
 * and address. An account's very first session is not a new device: it is
 * the one that just proved the email address.
 */
export async function isKnownDevice(opts: { db: Database; userId: string; client: ClientInfo }): Promise<boolean> {
  const { client } = opts;
  const match = client.visitorId
    ? eq(sessions.visitorId, client.visitorId)
    : and(sameAs(sessions.userAgent, client.userAgent?.slice(0, 512)), sameAs(sessions.ip, client.ip));
  const [row] = await opts.db
    .select({ sessions: count(), matching: sql<number>`count(*) filter (where ${match})`.mapWith(Number) })
    .from(sessions)
    .where(eq(sessions.userId, opts.userId));
  return !row || row.sessions === 0 || row.matching > 0;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** Mails "new sign-in to your account" with a link to review where the person is signed in. */
export async function notifyNewDevice(opts: { config: Config; mailer: Mailer; user: UserRow; client: ClientInfo }): Promise<void> {
  const device = describeUserAgent(opts.client.userAgent).label;
  const address = opts.client.ip ?? 'unknown';
  const time = `${timeFormat.format(new Date())} UTC`;
  const link = `${opts.config.appUrl}/account/security`;
  await opts.mailer.send(newDeviceMail({ to: opts.user.email, device, address, time, link }));
}

import { and, count, eq, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { sessions } from '../../db/schema';
import { escapeHtml } from '../../mail/escape-html';
import type { Mailer } from '../../mail/mailer';
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
  await opts.mailer.send({
    to: opts.user.email,
    subject: 'New sign-in to your Convene account',
    text:
      `Your Convene account was just signed in to from a browser it had not seen before.\n\n` +
      `Browser: ${device}\nAddress: ${address}\nTime: ${time}\n\n` +
      `If this was you, there is nothing to do. To review where you are signed in, and sign out anywhere you do not recognise, open:\n${link}\n\n` +
      `If this was not you, change your password now, then sign out the sessions you do not recognise.\n`,
    html:
      `<p>Your Convene account was just signed in to from a browser it had not seen before.</p>` +
      `<ul><li>Browser: ${escapeHtml(device)}</li><li>Address: ${escapeHtml(address)}</li><li>Time: ${escapeHtml(time)}</li></ul>` +
      `<p>If this was you, there is nothing to do. <a href="${escapeHtml(link)}">Review where you are signed in</a> and sign out anywhere you do not recognise.</p>` +
      `<p><strong>If this was not you, change your password</strong> now, then sign out the sessions you do not recognise.</p>`,
  });
}

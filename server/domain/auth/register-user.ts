import { isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { conflict } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { checkMailThrottle } from './check-mail-throttle';
import { findUserByEmail } from './find-user-by-email';
import { listVerificationCodeSends, sendVerificationCode } from './send-verification-code';

const emailTaken = () => {
  const message = 'This email is already registered. Please sign in instead.';
  return conflict(message, 'email_taken', { email: [message] });
};

/**
 * Creates an unverified account and mails a code. An existing unverified
 * account with the same email is taken over (new name and password, fresh
 * code): nobody proved the mailbox yet, and a person who lost the first code
 * can start again.
 */
export async function registerUser(opts: {
  db: Database;
  mailer: Mailer;
  name: string;
  email: string;
  password: string;
}): Promise<{ email: string; expiresIn: number }> {
  const { db } = opts;
  const existing = await findUserByEmail({ db, email: opts.email });
  if (existing?.emailVerifiedAt) throw emailTaken();
  if (existing) checkMailThrottle({ sentAt: await listVerificationCodeSends({ db, userId: existing.id }) });

  const passwordHash = await hashPassword(opts.password);
  // One statement, so two sign-ups racing for an address cannot both create it,
  // and an address verified in the meantime is left alone.
  const [user] = await db
    .insert(users)
    .values({ name: opts.name, email: opts.email, passwordHash })
    .onConflictDoUpdate({
      target: users.email,
      set: { name: sql`excluded.name`, passwordHash: sql`excluded.password_hash` },
      setWhere: isNull(users.emailVerifiedAt),
    })
    .returning();
  if (!user) throw emailTaken();

  const { expiresIn } = await sendVerificationCode({ db, mailer: opts.mailer, user });
  return { email: user.email, expiresIn };
}

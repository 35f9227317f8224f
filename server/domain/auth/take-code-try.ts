import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { codeFailures, mailRequests } from '../../db/schema';
import { VERIFICATION_CODE_TTL_MS } from '../../../lib/constants';
import { fieldError } from '../../lib/errors';
import type { MailPurpose } from './claim-mail-slot';
import { errorMessages } from '../../../lib/contract/error-messages';

const exhausted = (field: string) =>
  fieldError(field, errorMessages.codeExhausted, 'code_exhausted');

/** One try at an emailed code, taken before the code is compared; a right code gives it back. */
export interface CodeTry {
  /** Throws the answer to a wrong code: how many tries are left, or none. */
  fail(): never;
  succeed(): Promise<void>;
}

/**
 * Takes one try at an emailed code for an address, before the code is even
 * compared, so a burst of parallel guesses gets no more than the allowed
 * tries. Tries are counted per address since its newest code request (at
 * most one code lifetime back), not per account, so "tries left" reads the
 * same for every address, known or not. `maxAttempts` is
 * config.verificationCodeMaxAttempts.
 */
export async function takeCodeTry(opts: {
  db: Database;
  email: string;
  purpose: MailPurpose;
  field: string;
  maxAttempts: number;
}): Promise<CodeTry> {
  const { db, email, purpose, field, maxAttempts } = opts;
  const [newest] = await db
    .select({ createdAt: mailRequests.createdAt })
    .from(mailRequests)
    .where(and(eq(mailRequests.email, email), eq(mailRequests.purpose, purpose)))
    .orderBy(desc(mailRequests.createdAt))
    .limit(1);
  const since = new Date(Math.max(newest?.createdAt.getTime() ?? 0, Date.now() - VERIFICATION_CODE_TTL_MS));
  const [taken] = await db.insert(codeFailures).values({ email, purpose }).returning({ id: codeFailures.id });
  const [row] = await db
    .select({ n: count() })
    .from(codeFailures)
    .where(and(eq(codeFailures.email, email), eq(codeFailures.purpose, purpose), gt(codeFailures.createdAt, since)));
  const used = row?.n ?? maxAttempts + 1;
  if (used > maxAttempts) throw exhausted(field);
  return {
    fail() {
      const remaining = maxAttempts - used;
      if (remaining <= 0) throw exhausted(field);
      throw fieldError(field, errorMessages.codeIncorrect(remaining), 'invalid_code');
    },
    async succeed() {
      if (taken) await db.delete(codeFailures).where(eq(codeFailures.id, taken.id));
    },
  };
}

import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { codeFailures } from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';
import type { AuthContext } from '../../types';
import { LOGIN_FAILURE_WINDOW_MS } from '../../../lib/constants';
import { slowdownFailuresToRead, slowdownWaitMs, waitSentence } from '../auth/login-failures';

/*
 * Wrong proofs before a two-factor setting changes slow down the session
 * that gives them, the way wrong passwords slow down the client that signs
 * in: the session is the client here. A stolen session waits longer and
 * longer; the owner's own sessions never wait for it, so nobody can lock the
 * owner out of these settings. Counted apart from sign-in failures.
 */

/** The purpose of a session's wrong proofs in code_failures (its index covers email, purpose, time). */
const purposeOf = (auth: AuthContext) => `two_factor_proof:${auth.session.id}`;
const scopeOf = (auth: AuthContext) => and(eq(codeFailures.email, auth.user.email), eq(codeFailures.purpose, purposeOf(auth)));
const windowStart = () => new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);

/** 429 with Retry-After while this session must wait after its wrong proofs. */
export async function checkProofSlowdown(opts: { db: Database; auth: AuthContext; freeFailures: number }): Promise<void> {
  const now = Date.now();
  const recent = await opts.db
    .select({ createdAt: codeFailures.createdAt })
    .from(codeFailures)
    .where(and(scopeOf(opts.auth), gt(codeFailures.createdAt, windowStart())))
    .orderBy(desc(codeFailures.createdAt))
    .limit(slowdownFailuresToRead(opts.freeFailures));
  const wait = slowdownWaitMs(recent.map((failure) => failure.createdAt), opts.freeFailures, now);
  if (wait > 0) throw tooManyRequests(`Too many wrong attempts. ${waitSentence(wait)}`, wait);
}

/** Counts one wrong proof of this session; its failures older than the window are pruned. */
export async function recordProofFailure(opts: { db: Database; auth: AuthContext }): Promise<void> {
  await opts.db.delete(codeFailures).where(and(scopeOf(opts.auth), lte(codeFailures.createdAt, windowStart())));
  await opts.db.insert(codeFailures).values({ email: opts.auth.user.email, purpose: purposeOf(opts.auth) });
}

/** Forgets the session's wrong proofs once it gave a right one. */
export async function forgetProofFailures(opts: { db: Database; auth: AuthContext }): Promise<void> {
  await opts.db.delete(codeFailures).where(scopeOf(opts.auth));
}

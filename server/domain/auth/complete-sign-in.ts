import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Mailer } from '../../mail/mailer';
import type { UserRow } from '../../types';
import type { SignInMethod, SignInResponse, TokenResponse } from '../../../lib/contract/auth';
import { recordAuditEvent } from '../audit/record-audit-event';
import { createSession, type ClientInfo } from '../sessions/create-session';
import { isKnownDevice, notifyNewDevice } from '../sessions/notify-new-device';
import { listSecondFactors } from '../two-factor/list-second-factors';
import { startTwoFactorSignIn } from '../two-factor/start-two-factor-sign-in';
import { getUserView } from '../users/get-user-view';

export interface SignInOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
  user: UserRow;
  client: ClientInfo;
  /** How the person proved who they are, for the audit trail. */
  method: SignInMethod;
}

/**
 * The one place a session is handed out: records the sign-in, warns the
 * owner of a browser never seen before, and returns the token.
 */
export async function finishSignIn(opts: SignInOptions): Promise<TokenResponse> {
  const { db, user, client } = opts;
  const known = await isKnownDevice({ db, userId: user.id, client });
  const { token, sessionId } = await createSession({ db, config: opts.config, userId: user.id, client });
  await recordAuditEvent({ db, type: 'sign_in', actorId: user.id, subjectId: user.id, data: { method: opts.method, session_id: sessionId }, client });
  if (!known) {
    // A warning that cannot be mailed must not stop the sign-in it warns about.
    void notifyNewDevice({ config: opts.config, mailer: opts.mailer, user, client }).catch(() => undefined);
  }
  return { token, user: await getUserView({ db, user }) };
}

/**
 * After the first factor (password, Google): either the session, or, when
 * the person has a second factor, the pending sign-in that asks for it.
 */
export async function completeSignIn(opts: SignInOptions): Promise<SignInResponse> {
  const methods = await listSecondFactors({ db: opts.db, user: opts.user });
  if (methods.length > 0) return startTwoFactorSignIn({ db: opts.db, user: opts.user, methods, client: opts.client });
  return finishSignIn(opts);
}

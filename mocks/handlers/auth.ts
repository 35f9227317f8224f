import type { HttpHandler } from 'msw';
import {
  authEndpoints, changePasswordBody, forgotPasswordBody, googleLoginBody, loginBody, profileBody, registerBody, resendBody,
  resetPasswordBody, verifyBody,
} from '@/lib/contract/auth';
import { theme, VERIFICATION_CODE_TTL_MS } from '@/lib/constants';
import { MOCK_REGISTRATION, type MockDb, type MockUser } from '../state';
import { twoFactorChallengeFor } from '../two-factor-state';
import { answer, authenticate, fail, fieldFail, ok, parseBody, tryCode } from './respond';
import { errorMessages } from '@/lib/contract/error-messages';

const CODE_TTL_SECONDS = VERIFICATION_CODE_TTL_MS / 1000;

/** A session, or the second step when the person has a second factor. */
const signedIn = (db: MockDb, user: MockUser) =>
  ok(twoFactorChallengeFor(db, user) ?? { token: db.createSession(user.id), user: db.userView(user) });

/** The claims of a Google ID token, read without verification: the mock trusts the browser. */
function googleClaims(idToken: string): { email: string; name: string } | null {
  try {
    const payload = idToken.split('.')[1];
    if (!payload) return null;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown; name?: unknown };
    if (typeof claims.email !== 'string') return null;
    return { email: claims.email.toLowerCase(), name: typeof claims.name === 'string' ? claims.name : claims.email };
  } catch {
    return null;
  }
}

export function authHandlers(db: MockDb): HttpHandler[] {
  const newUser = (fields: Pick<MockUser, 'email' | 'name' | 'password' | 'emailVerified'>): MockUser => {
    const user: MockUser = {
      id: db.newId(),
      ...fields,
      profileRole: null,
      about: null,
      colour: theme.primaryColor,
      profileCompleted: false,
      activeHubId: null,
      createdAt: db.now(),
    };
    db.data.users.push(user);
    return user;
  };

  return [
    answer(authEndpoints.register, async ({ request }) => {
      const body = await parseBody(request, registerBody);
      if (!body.ok) return body.response;
      const { name, email, password, invitation } = body.data;
      const sent = { status: 201, message: `We sent a 6-digit code to ${email}.` };
      const registered = (verified: boolean) => ({ email, expires_in: CODE_TTL_SECONDS, registration: MOCK_REGISTRATION, verified });
      // Every address gets the same answer, as from the API; a verified account is left alone.
      const existing = db.userByEmail(email);
      if (existing?.emailVerified) return ok(registered(false), sent);
      // The link of an invitation to exactly this address proves the mailbox: no code.
      const invited = db.data.invitations
        .map((i) => db.invitationMeta(i))
        .some((i) => i.token === invitation && i.email === email && Date.parse(i.expiresAt) > Date.now());
      if (existing) Object.assign(existing, { name, password, emailVerified: invited });
      else newUser({ name, email, password, emailVerified: invited });
      if (invited) return ok(registered(true), { status: 201, message: 'Your email is verified: the invitation proved it.' });
      db.issueCode(email);
      return ok(registered(false), sent);
    }),

    answer(authEndpoints.verify, async ({ request }) => {
      const body = await parseBody(request, verifyBody);
      if (!body.ok) return body.response;
      const { email, code } = body.data;
      const tried = tryCode(db, email, code);
      if (!tried.ok) return tried.response;
      const user = db.userByEmail(email);
      // As from the API, only whoever holds the code learns that it expired; with no account it was an email change's code.
      if (!user || tried.code.expiresAt < Date.now()) return fieldFail(400, 'code_expired', 'code', errorMessages.codeExpired);
      delete db.data.codes[email];
      user.emailVerified = true;
      return signedIn(db, user);
    }),

    answer(authEndpoints.resend, async ({ request }) => {
      const body = await parseBody(request, resendBody);
      if (!body.ok) return body.response;
      const { email } = body.data;
      // Same answer whether or not the address is waiting for a code.
      if (db.userByEmail(email)?.emailVerified === false) db.issueCode(email);
      return ok({ email, expires_in: CODE_TTL_SECONDS }, { message: `If ${email} is waiting for a code, we sent a new one.` });
    }),

    answer(authEndpoints.login, async ({ request }) => {
      const body = await parseBody(request, loginBody);
      if (!body.ok) return body.response;
      const user = db.userByEmail(body.data.email);
      if (!user || user.password === null || user.password !== body.data.password) {
        return fail(401, 'invalid_credentials', errorMessages.invalidCredentials);
      }
      if (!user.emailVerified) return fail(401, 'invalid_credentials', errorMessages.invalidCredentials);
      return signedIn(db, user);
    }),

    answer(authEndpoints.google, async ({ request }) => {
      const body = await parseBody(request, googleLoginBody);
      if (!body.ok) return body.response;
      const claims = googleClaims(body.data.id_token);
      if (!claims) return fail(401, 'invalid_token', errorMessages.googleNotVerified);
      const user = db.userByEmail(claims.email) ?? newUser({ ...claims, password: null, emailVerified: true });
      user.emailVerified = true;
      return signedIn(db, user);
    }),

    answer(authEndpoints.me, ({ request }) => {
      const auth = authenticate(db, request);
      return auth.ok ? ok(db.userView(auth.user)) : auth.response;
    }),

    ...[authEndpoints.logout, authEndpoints.logoutByPost].map((definition) =>
      answer(definition, ({ request }) => {
        const auth = authenticate(db, request);
        if (!auth.ok) return auth.response;
        delete db.data.sessions[auth.token];
        return ok(null, { message: 'You have been signed out.' });
      }),
    ),

    answer(authEndpoints.forgotPassword, async ({ request }) => {
      const body = await parseBody(request, forgotPasswordBody);
      if (!body.ok) return body.response;
      const user = db.userByEmail(body.data.email);
      if (user) {
        const token = `reset-${db.newId()}`;
        db.data.resetTokens[token] = user.id;
        console.info(`[mock API] password reset link for ${user.email}: /reset-password?token=${token}`);
      }
      return ok(null, { message: 'If an account exists for that email, we sent a link to reset the password.' });
    }),

    answer(authEndpoints.resetPassword, async ({ request }) => {
      const body = await parseBody(request, resetPasswordBody);
      if (!body.ok) return body.response;
      const userId = db.data.resetTokens[body.data.token];
      const user = userId ? db.userById(userId) : undefined;
      if (!user) {
        return fieldFail(400, 'invalid_reset_token', 'token', errorMessages.invalidResetLink);
      }
      delete db.data.resetTokens[body.data.token];
      user.password = body.data.password;
      db.revokeSessions(user.id);
      return ok(null, { message: 'Your password has been reset. You can sign in now.' });
    }),

    answer(authEndpoints.changePassword, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, changePasswordBody);
      if (!body.ok) return body.response;
      if (auth.user.password !== body.data.current_password) {
        return fieldFail(400, 'invalid_credentials', 'current_password', errorMessages.wrongCurrentPassword);
      }
      auth.user.password = body.data.new_password;
      db.revokeSessions(auth.user.id, auth.token);
      return ok(null, { message: 'Your password has been changed.' });
    }),

    answer(authEndpoints.profile, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, profileBody);
      if (!body.ok) return body.response;
      const { name, role, about, colour } = body.data;
      Object.assign(auth.user, {
        name,
        profileRole: role,
        about: about ?? null,
        colour: colour ?? auth.user.colour,
        profileCompleted: true,
      });
      return ok(db.userView(auth.user));
    }),
  ];
}

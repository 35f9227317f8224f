import type { App } from '../../types';
import { activityRoute } from './activity';
import { changePasswordRoute } from './password-change';
import { forgotPasswordRoute } from './password-forgot';
import { googleRoute } from './google';
import { loginRoute } from './login';
import { logoutRoute } from './logout';
import { meRoute } from './me';
import { profileRoute } from './profile';
import { registerRoute } from './register';
import { resendRoute } from './register-resend';
import { resetPasswordRoute } from './password-reset';
import { sessionsRoute } from './sessions';
import { verifyRoute } from './register-verify';

/** Sign-up, sign-in, sessions, passwords and the basic profile, under /api/v1/auth. */
export default async function authRoutes(app: App) {
  for (const route of [
    registerRoute, verifyRoute, resendRoute, loginRoute, googleRoute, meRoute, logoutRoute,
    forgotPasswordRoute, resetPasswordRoute, changePasswordRoute, profileRoute,
    sessionsRoute, activityRoute,
  ]) {
    route(app);
  }
}

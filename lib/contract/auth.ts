import { z } from 'zod';
import { codeField, emailField, passwordField, requiredText, optionalText, colourField } from '../validation/fields';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { joinableHubSchema, myHubSchema } from './hubs';

export const currentSteps = ['profile', 'organization', 'join_organization', 'completed'] as const;
export type CurrentStep = (typeof currentSteps)[number];

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  email_verified: z.boolean(),
  profile: z.object({
    role: z.string().nullable(),
    about: z.string().nullable(),
    colour: z.string(),
  }),
  /** Where the browser loads the person's photo, or null when they have none (show their initials). */
  photo_url: z.string().nullable(),
  /** Whether the account has a password (accounts made with Google may not): changing one, or the email, asks for it. */
  has_password: z.boolean(),
  current_step: z.string(),
  /** The hub the user may join (invitation or email domain), or null. */
  organization: joinableHubSchema.nullable(),
  active_organization: myHubSchema.nullable(),
  organizations: z.array(myHubSchema),
  created_at: z.string(),
  /** An authenticator app or a passkey protects the sign-in. */
  two_factor_enabled: z.boolean(),
  /** A hub of the person requires two-factor sign-in and they have none yet: set it up before anything else. */
  two_factor_required: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const tokenResponse = z.object({ token: z.string(), user: userSchema });
export type TokenResponse = z.infer<typeof tokenResponse>;

/** How a person proved who they are, as the audit trail records it. */
export const signInMethods = ['password', 'google', 'passkey', 'email_code', 'totp', 'recovery_code', 'password_reset'] as const;
export type SignInMethod = (typeof signInMethods)[number];

/** Second factors a person may have; a sign-in that owes one answers with a challenge instead of a token. */
export const secondFactorMethods = ['totp', 'passkey', 'recovery_code'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

export const twoFactorChallenge = z.object({
  two_factor: z.object({
    /** Names the pending sign-in; single use, valid for a few minutes. */
    token: z.string(),
    methods: z.array(z.enum(secondFactorMethods)),
  }),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

/** What a first-factor sign-in answers: the session, or the second step it still needs. */
export const signInResponse = z.union([tokenResponse, twoFactorChallenge]);
export type SignInResponse = z.infer<typeof signInResponse>;

/** Sent with every login so the session records which browser it belongs to. */
const clientInfo = {
  visitor_id: z.string().max(128).optional(),
};

export const registerBody = z.object({
  name: requiredText({ label: 'Name', noun: 'your name' }, { min: 2, max: 80 }),
  email: emailField({ label: 'Email', noun: 'your email address' }, 'Enter a valid email address'),
  password: passwordField({ label: 'Password', noun: 'a password' }),
  /**
   * The token of the invitation link the person came from. An invitation to
   * exactly this address proves the mailbox as a code would, so the account
   * is created verified; any other token changes nothing.
   */
  invitation: z.string().max(128).optional(),
});
export type RegisterBody = z.input<typeof registerBody>;
/**
 * The secret of one sign-up: only the browser that registered holds it, and
 * the emailed code verifies the account only together with it.
 */
const registrationField = z.string().min(1).max(128).optional();

export const registerResponse = z.object({
  email: z.string(),
  expires_in: z.number().int(),
  registration: z.string(),
  /** The invitation proved the mailbox: the account is ready for sign-in and no code was sent. */
  verified: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

export const verifyBody = z.object({
  email: emailField('Email'),
  code: codeField(),
  registration: registrationField,
  ...clientInfo,
});
export type VerifyBody = z.input<typeof verifyBody>;

export const resendBody = z.object({ email: emailField('Email'), registration: registrationField });
export type ResendBody = z.input<typeof resendBody>;
export const resendResponse = z.object({ email: z.string(), expires_in: z.number().int() });

export const loginBody = z.object({
  email: emailField('Email'),
  password: z.string({ error: 'Please enter Password' }).min(1, 'Please enter Password').max(1024),
  /** The code mailed when the address is under attack: proof of the mailbox lets its owner in. */
  email_code: codeField().optional(),
  ...clientInfo,
});
export type LoginBody = z.input<typeof loginBody>;

export const googleLoginBody = z.object({
  id_token: z
    .string({ error: 'Please enter Google ID token' })
    .min(1, 'Please enter Google ID token')
    .max(8192, 'Google ID token must be up to 8192 characters'),
  ...clientInfo,
});

export const forgotPasswordBody = z.object({ email: emailField('Email') });
export const resetPasswordBody = z.object({
  token: z.string({ error: 'Please enter Token' }).min(1, 'Please enter Token').max(256),
  password: passwordField('New password'),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const changePasswordBody = z.object({
  current_password: z.string({ error: 'Please enter Current password' }).min(1, 'Please enter Current password').max(1024),
  new_password: passwordField('New password'),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const profileBody = z.object({
  name: requiredText('Name', { min: 2, max: 80 }),
  role: requiredText('Role', { max: 80 }),
  about: optionalText('About', { max: 500 }),
  colour: colourField().optional(),
});
export type ProfileBody = z.input<typeof profileBody>;

const tag = 'auth';
const signedOut = dataEnvelope(z.null());

/** Sign-up, sign-in, sign-out, passwords and the basic profile. */
export const authEndpoints = {
  register: endpoint({
    method: 'POST', path: 'auth/register/', tag, signedIn: false, summary: 'Create an account and mail a 6-digit verification code',
    body: registerBody, status: 201, response: dataEnvelope(registerResponse), errors: [400, 429],
  }),
  verify: endpoint({
    method: 'POST', path: 'auth/register/verify/', tag, signedIn: false, summary: 'Verify the email with the mailed code and sign in',
    body: verifyBody, response: dataEnvelope(tokenResponse), errors: [400, 429],
  }),
  resend: endpoint({
    method: 'POST', path: 'auth/register/resend/', tag, signedIn: false,
    summary: 'Mail a new verification code (same answer whether or not the account exists)',
    body: resendBody, response: dataEnvelope(resendResponse), errors: [400, 429],
  }),
  login: endpoint({
    method: 'POST', path: 'auth/login/', tag, signedIn: false, summary: 'Sign in with email and password',
    body: loginBody, response: dataEnvelope(signInResponse), errors: [400, 401, 403, 429],
  }),
  google: endpoint({
    method: 'POST', path: 'auth/google/', tag, signedIn: false, summary: 'Sign in with a Firebase (Google) ID token',
    body: googleLoginBody, response: dataEnvelope(signInResponse), errors: [400, 401, 403, 404, 429],
  }),
  me: endpoint({
    method: 'GET', path: 'auth/me/', tag, signedIn: true, summary: 'The signed-in user, with onboarding step and hubs',
    response: dataEnvelope(userSchema), errors: [401],
  }),
  /** What the specification's client calls. */
  logout: endpoint({
    method: 'GET', path: 'auth/logout/', tag, signedIn: true,
    summary: 'Sign out: the token stops working. Needs the AppType header; refused (403) when a browser says another site started it',
    response: signedOut, errors: [401, 403],
  }),
  /** The same, for clients that prefer POST. */
  logoutByPost: endpoint({
    method: 'POST', path: 'auth/logout/', tag, signedIn: true,
    summary: 'Sign out: the token stops working. Needs the AppType header; refused (403) when a browser says another site started it',
    response: signedOut, errors: [401, 403],
  }),
  forgotPassword: endpoint({
    method: 'POST', path: 'auth/password/forgot/', tag, signedIn: false,
    summary: 'Mail a password reset link (same answer whether or not the account exists)',
    body: forgotPasswordBody, response: dataEnvelope(z.null()), errors: [400, 429],
  }),
  resetPassword: endpoint({
    method: 'POST', path: 'auth/password/reset/', tag, signedIn: false,
    summary: 'Set a new password with the emailed token; ends every session',
    body: resetPasswordBody, response: dataEnvelope(z.null()), errors: [400, 429],
  }),
  changePassword: endpoint({
    method: 'POST', path: 'auth/password/change/', tag, signedIn: true, summary: 'Change the password; other sessions end, this one stays',
    body: changePasswordBody, response: dataEnvelope(z.null()), errors: [400, 401, 429],
  }),
  profile: endpoint({
    method: 'PATCH', path: 'auth/profile/', tag, signedIn: true,
    summary: 'Save the basic profile (completes the profile onboarding step)',
    body: profileBody, response: dataEnvelope(userSchema), errors: [400, 401],
  }),
};

import { z } from 'zod';
import { requiredText } from '../validation/fields';
import { secondFactorMethods, tokenResponse } from './auth';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';

export const RECOVERY_CODE_COUNT = 10;
/** How long a pending second step of a sign-in (and a WebAuthn challenge) stays valid. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes after which a pending sign-in is dead and the person starts again. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
export const PASSKEY_NAME_MAX = 60;

/** A six-digit authenticator code; spaces people type between the groups are dropped. */
export const totpCodeField = () =>
  z
    .string({ error: 'Please enter the 6-digit code' })
    .max(32, 'Enter the 6-digit code from your authenticator app')
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().min(1, 'Please enter the 6-digit code').regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A recovery code as printed (`xxxx-xxxx`); case, spaces and the hyphen do not matter. */
export const recoveryCodeField = () =>
  z
    .string({ error: 'Please enter a recovery code' })
    .max(64, 'That is not a recovery code')
    .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
    .pipe(z.string().min(1, 'Please enter a recovery code').regex(/^[a-z0-9]{8}$/, 'A recovery code looks like xxxx-xxxx'));

const base64url = (label: string, max: number) =>
  z.string({ error: `${label} is missing` }).max(max, `${label} is too long`).regex(/^[A-Za-z0-9_-]*$/, `${label} is not base64url`);

/** What @simplewebauthn/browser's startRegistration() returns. */
export const registrationCredential = z.object({
  id: base64url('Credential id', 1024),
  rawId: base64url('Credential raw id', 1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url('Client data', 8192),
    attestationObject: base64url('Attestation', 65536),
    authenticatorData: base64url('Authenticator data', 65536).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url('Public key', 8192).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type RegistrationCredential = z.infer<typeof registrationCredential>;

/** What @simplewebauthn/browser's startAuthentication() returns. */
export const authenticationCredential = z.object({
  id: base64url('Credential id', 1024),
  rawId: base64url('Credential raw id', 1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url('Client data', 8192),
    authenticatorData: base64url('Authenticator data', 65536),
    signature: base64url('Signature', 8192),
    userHandle: base64url('User handle', 1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type AuthenticationCredential = z.infer<typeof authenticationCredential>;

/**
 * A fresh proof that the person at the keyboard owns the account, asked
 * before two-factor settings change: the current password (accounts that
 * have one) and, once the account has a second factor, a current proof of
 * it as well: an authenticator or recovery code (`code`), or a passkey's
 * answer to `POST auth/two-factor/proof/passkey/options/` (`passkey`).
 * A stolen session plus the password must not be enough to remove the
 * second factor.
 */
export const proofBody = z.object({
  password: z.string().max(1024).optional(),
  code: z.string().max(64).optional(),
  passkey: authenticationCredential.optional(),
});
export type ProofBody = z.input<typeof proofBody>;

/**
 * What the proof must hold for this person. Neither a password nor a second
 * factor: a sign-in from the last few minutes stands in for both.
 */
export const proofRequirementSchema = z.object({
  password: z.boolean(),
  /** One of these, as the sign-in's second step offers them; empty while the account has no second factor. */
  second_factor: z.array(z.enum(secondFactorMethods)),
});
export type ProofRequirement = z.infer<typeof proofRequirementSchema>;

/**
 * WebAuthn options for navigator.credentials.create()/get(), as
 * @simplewebauthn/server makes them and @simplewebauthn/browser takes them.
 */
export const webauthnOptions = z.looseObject({ challenge: z.string() });
export type WebauthnOptions = z.infer<typeof webauthnOptions>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET auth/two-factor/ — the person's second factors and what changing them asks for. */
export const twoFactorStatusSchema = z.object({
  /** An authenticator app or at least one passkey. */
  enabled: z.boolean(),
  totp: z.object({ enabled: z.boolean(), enabled_at: z.string().nullable() }),
  recovery_codes_left: z.number().int(),
  passkeys: z.array(passkeySchema),
  proof: proofRequirementSchema,
  /** Hubs of the person that require two-factor sign-in. */
  required_by: z.array(z.object({ name: z.string(), domain_handle: z.string() })),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST auth/two-factor/totp/setup/ — the pending secret, for the QR code and for typing in by hand. */
export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const enableTotpBody = z.object({ code: totpCodeField() });
export type EnableTotpBody = z.input<typeof enableTotpBody>;

/** New recovery codes: shown once, only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/**
 * When a change turned two-factor sign-in on: how many other sessions the
 * person still has, all signed in without it, to offer signing them out
 * (`POST auth/sessions/revoke-others/`). Null when it was on already.
 */
const otherSessionsField = () => z.number().int().nullable();

/** POST auth/two-factor/totp/enable/ — the recovery codes, once, and the sessions that predate two-factor sign-in. */
export const enabledTotpSchema = recoveryCodesSchema.extend({ other_sessions: otherSessionsField() });
export type EnabledTotp = z.infer<typeof enabledTotpSchema>;

const passkeyNameField = () => requiredText('Name', { max: PASSKEY_NAME_MAX });

/** POST auth/passkeys/ — the new credential; without a name, one is made from the browser and system. */
export const addPasskeyBody = z.object({
  credential: registrationCredential,
  name: passkeyNameField().optional(),
});
export type AddPasskeyBody = z.input<typeof addPasskeyBody>;
/** The first second factor also brings the recovery codes, and the count of sessions that predate it. */
export const addedPasskeySchema = z.object({
  passkey: passkeySchema,
  recovery_codes: z.array(z.string()).nullable(),
  other_sessions: otherSessionsField(),
});
export type AddedPasskey = z.infer<typeof addedPasskeySchema>;

export const renamePasskeyBody = z.object({ name: passkeyNameField() });
export type RenamePasskeyBody = z.input<typeof renamePasskeyBody>;
const passkeyParams = z.object({ id: z.string() });

/** The pending sign-in's secret, as `two_factor.token` gave it. */
const pendingTokenField = () =>
  z.string({ error: 'The sign-in has expired. Please sign in again.' }).min(1, 'The sign-in has expired. Please sign in again.').max(256);

export const pendingSignInBody = z.object({ token: pendingTokenField() });

/** POST auth/two-factor/verify/ — the second step: one proof of the methods offered. */
export const verifyTwoFactorBody = z.discriminatedUnion('method', [
  z.object({ token: pendingTokenField(), method: z.literal('totp'), code: totpCodeField() }),
  z.object({ token: pendingTokenField(), method: z.literal('recovery_code'), code: recoveryCodeField() }),
  z.object({ token: pendingTokenField(), method: z.literal('passkey'), credential: authenticationCredential }),
], { error: 'Please choose how to confirm it is you' });
export type VerifyTwoFactorBody = z.input<typeof verifyTwoFactorBody>;

/** POST auth/passkey/verify/ — a sign-in with a passkey alone (it verified the person, so it is both factors). */
export const passkeySignInBody = z.object({
  credential: authenticationCredential,
  visitor_id: z.string().max(128).optional(),
});
export type PasskeySignInBody = z.input<typeof passkeySignInBody>;

/** GET/PUT organizations/{handle}/two-factor/ — the hub's requirement, as its owners see it. */
export const hubTwoFactorPolicySchema = z.object({
  required: z.boolean(),
  /** Members who would be (or are) kept out until they set it up. */
  members_without_two_factor: z.number().int(),
  /** Whether the caller has two-factor sign-in: an owner must, to require it. */
  you_have_two_factor: z.boolean(),
});
export type HubTwoFactorPolicy = z.infer<typeof hubTwoFactorPolicySchema>;

export const hubTwoFactorPolicyBody = z.object({
  required: z.boolean({ error: 'Please choose whether two-factor sign-in is required' }),
});
export type HubTwoFactorPolicyBody = z.input<typeof hubTwoFactorPolicyBody>;

const tag = 'two-factor';
const nothing = dataEnvelope(z.null());

/** The signed-in person's second factors: authenticator app, recovery codes, passkeys. */
export const twoFactorEndpoints = {
  status: endpoint({
    method: 'GET', path: 'auth/two-factor/', tag, signedIn: true,
    summary: 'My second factors, what changing them asks for, and the hubs that require them',
    response: dataEnvelope(twoFactorStatusSchema), errors: [401],
  }),
  proofPasskeyOptions: endpoint({
    method: 'POST', path: 'auth/two-factor/proof/passkey/options/', tag, signedIn: true,
    summary: "WebAuthn options for proving one's passkey before a two-factor setting changes (the answer goes in the proof's `passkey`)",
    response: dataEnvelope(webauthnOptions), errors: [401, 409, 429],
  }),
  setupTotp: endpoint({
    method: 'POST', path: 'auth/two-factor/totp/setup/', tag, signedIn: true,
    summary: 'Start adding an authenticator app (fresh proof, with the second factor once there is one): a new pending secret and its otpauth:// address',
    body: proofBody, response: dataEnvelope(totpSetupSchema), errors: [400, 401, 403, 409, 429],
  }),
  enableTotp: endpoint({
    method: 'POST', path: 'auth/two-factor/totp/enable/', tag, signedIn: true,
    summary: 'Finish adding the authenticator app with a current code; answers the recovery codes, once, and how many other sessions predate two-factor sign-in',
    body: enableTotpBody, response: dataEnvelope(enabledTotpSchema), errors: [400, 401, 409, 429],
  }),
  disableTotp: endpoint({
    method: 'POST', path: 'auth/two-factor/totp/disable/', tag, signedIn: true, summary: 'Turn the authenticator app off (fresh proof: the password and the second factor)',
    body: proofBody, response: nothing, errors: [400, 401, 403, 409, 429],
  }),
  regenerateRecoveryCodes: endpoint({
    method: 'POST', path: 'auth/two-factor/recovery-codes/', tag, signedIn: true,
    summary: 'Replace the recovery codes (fresh proof: the password and the second factor); answers the new ones, once',
    body: proofBody, response: dataEnvelope(recoveryCodesSchema), errors: [400, 401, 403, 409, 429],
  }),
  passkeyOptions: endpoint({
    method: 'POST', path: 'auth/passkeys/options/', tag, signedIn: true, summary: 'WebAuthn options to add a passkey (fresh proof, with the second factor once there is one)',
    body: proofBody, response: dataEnvelope(webauthnOptions), errors: [400, 401, 403, 429],
  }),
  addPasskey: endpoint({
    method: 'POST', path: 'auth/passkeys/', tag, signedIn: true,
    summary: 'Add the passkey the browser made; the first second factor also answers recovery codes, once, and how many other sessions predate it',
    body: addPasskeyBody, status: 201, response: dataEnvelope(addedPasskeySchema), errors: [400, 401, 409, 429],
  }),
  renamePasskey: endpoint({
    method: 'PATCH', path: 'auth/passkeys/:id/', tag, signedIn: true, summary: 'Rename one of my passkeys',
    params: passkeyParams, body: renamePasskeyBody, response: dataEnvelope(passkeySchema), errors: [400, 401, 404],
  }),
  removePasskey: endpoint({
    method: 'DELETE', path: 'auth/passkeys/:id/', tag, signedIn: true, summary: 'Remove one of my passkeys (fresh proof: the password and the second factor)',
    params: passkeyParams, body: proofBody, response: nothing, errors: [400, 401, 403, 404, 429],
  }),
};

/**
 * Signing in with a second factor, or with a passkey alone. Not signed in:
 * the pending sign-in's token (or the passkey's signature) is the credential.
 */
export const twoFactorSignInEndpoints = {
  verify: endpoint({
    method: 'POST', path: 'auth/two-factor/verify/', tag, signedIn: false,
    summary: 'The second step of a sign-in: an authenticator code, a recovery code or a passkey for the pending sign-in',
    body: verifyTwoFactorBody, response: dataEnvelope(tokenResponse), errors: [400, 401, 429],
  }),
  pendingPasskeyOptions: endpoint({
    method: 'POST', path: 'auth/two-factor/passkey/options/', tag, signedIn: false,
    summary: "WebAuthn options for the pending sign-in's passkeys",
    body: pendingSignInBody, response: dataEnvelope(webauthnOptions), errors: [400, 401, 429],
  }),
  passkeyOptions: endpoint({
    method: 'POST', path: 'auth/passkey/options/', tag, signedIn: false,
    summary: 'WebAuthn options to sign in with a passkey alone (no account named)',
    response: dataEnvelope(webauthnOptions), errors: [429],
  }),
  passkeySignIn: endpoint({
    method: 'POST', path: 'auth/passkey/verify/', tag, signedIn: false,
    summary: 'Sign in with a passkey that verified the person: both factors in one',
    body: passkeySignInBody, response: dataEnvelope(tokenResponse), errors: [400, 401, 429],
  }),
};
